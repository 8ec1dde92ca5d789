# SPDX-License-Identifier: GPL-2.0
# The .buckets=N modifier: several sizes, a signed field, a compound key,
# and the sizes stock refuses.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v.buckets=5'
trigger user_events/hg_spread 'hist:keys=w.buckets=10:vals=v'
trigger user_events/hg_spread 'hist:keys=w.buckets=1000'
trigger user_events/hg_spread 'hist:keys=neg.buckets=4'
trigger user_events/hg_spread 'hist:keys=v.buckets=3,w.buckets=7'
trigger user_events/hg_spread 'hist:keys=v.buckets=0'
trigger user_events/hg_spread 'hist:keys=v.buckets=-1'
trigger user_events/hg_spread 'hist:keys=v.buckets'
trigger user_events/hg_spread 'hist:keys=v.buckets=x'
trigger user_events/hg_spread 'hist:keys=v:vals=w.buckets=10'
spread_gen
trig user_events/hg_spread
hist user_events/hg_spread
