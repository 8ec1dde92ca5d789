# SPDX-License-Identifier: GPL-2.0
# Field variables: fields of the matching (start) event and of the
# current event used directly as trace() parameters, created implicitly.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_fv u32 id; u64 sval; u64 eval; char tag[16]; s32 code'
trigger user_events/hg_start 'hist:keys=id:v0=val,t0=tag'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_fv,id,$v0,val,$t0,code)'
echo 1 >events/synthetic/hg_fv/enable
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist user_events/hg_end
trace
