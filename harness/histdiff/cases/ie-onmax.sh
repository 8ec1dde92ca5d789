# SPDX-License-Identifier: GPL-2.0
# onmax($var).save(fields) and onmax($var).trace(): the max and the saved
# fields in the hist output, per key.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_max u32 id; u64 lat'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmax($d).save(val,code)'
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
trigger user_events/hg_end '!hist:keys=id:d=val-$v0:onmax($d).save(val,code)'
trigger user_events/hg_end 'hist:keys=code:d=val-$v0:onmax($d).trace(hg_max,id,$d)'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmax($d).save(val):onmax($d).trace(hg_max,id,$d)'
echo 1 >events/synthetic/hg_max/enable
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
trace
