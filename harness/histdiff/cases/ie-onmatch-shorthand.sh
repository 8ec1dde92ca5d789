# SPDX-License-Identifier: GPL-2.0
# onmatch(system.event).synthname(params) and fully qualified variable
# references system.event.$var; constants and fields as parameters.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_delta2 u32 id; u64 delta; u64 start; u32 k'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-user_events.hg_start.$v0:onmatch(user_events.hg_start).hg_delta2(id,$d,user_events.hg_start.$v0,42)'
echo 1 >events/synthetic/hg_delta2/enable
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
trace
