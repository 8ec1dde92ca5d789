# SPDX-License-Identifier: GPL-2.0
# Variables read by a histogram keyed otherwise than the one that set them:
# a compound owner key read by a single key, a string owner key read by a
# number key, and a u32 owner key read by a u64 key.
# requires: dynamic_events user_events_data events/ftrace/print/hist
pairs_event
trigger user_events/hg_start 'hist:keys=id,tag:t0=val'
trigger user_events/hg_start 'hist:keys=tag:t1=val'
trigger user_events/hg_start 'hist:keys=id:t2=val'
trigger user_events/hg_end 'hist:keys=id:d0=val-$t0'
trigger user_events/hg_end 'hist:keys=id:d1=val-$t1'
trigger user_events/hg_end 'hist:keys=val:d2=val-$t2'
trigger user_events/hg_end 'hist:keys=id,code:d3=val-$t2'
trigger user_events/hg_end 'hist:keys=id:vals=hitcount:d4=$t2'
pairs_gen
trig user_events/hg_end
hist user_events/hg_start
hist user_events/hg_end
