# SPDX-License-Identifier: GPL-2.0
# String variables: a static and a dynamic string saved on hg_start and
# passed to static and dynamic string fields of a synthetic event; a
# string key variable; a string in an expression (refused).
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_sv u32 id; char tag[16]; char dtag[]; char both[]'
trigger user_events/hg_start 'hist:keys=id:t0=tag,dt0=dtag'
trigger user_events/hg_end 'hist:keys=id:t=$t0,dt=$dt0:onmatch(user_events.hg_start).trace(hg_sv,id,$t,$dt,$t0)'
trigger user_events/hg_start 'hist:keys=ktag=tag:x=val'
trigger user_events/hg_end 'hist:keys=id:y=$t0+1'
echo 1 >events/synthetic/hg_sv/enable
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist user_events/hg_end
trace
