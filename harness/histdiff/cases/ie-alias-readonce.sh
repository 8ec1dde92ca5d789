# SPDX-License-Identifier: GPL-2.0
# Alias variables (a variable that is another variable's reference), used
# in the same trigger (refused) and as a parameter; a start variable used
# twice in one trigger; read-once semantics: a start variable is consumed
# by the first matching end, so a second end with the same id finds
# nothing and is not counted.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_al u32 id; u64 a; u64 b'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:al=$v0,d=val-$al:onmatch(user_events.hg_start).trace(hg_al,id,$al,$d)'
trigger user_events/hg_end 'hist:keys=id:al=$v0:onmatch(user_events.hg_start).trace(hg_al,id,$al,val)'
trigger user_events/hg_end '!hist:keys=id:al=$v0:onmatch(user_events.hg_start).trace(hg_al,id,$al,val)'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0,e=val+$v0:onmatch(user_events.hg_start).trace(hg_al,id,$d,$e)'
echo 1 >events/synthetic/hg_al/enable
gen comm=hgalias user="$UE_START" emit=1,100,a,b user="$UE_END" emit=1,150,0 emit=2*1,170,0 \
	user="$UE_START" emit=2,10,a,b emit=2,20,a,b user="$UE_END" emit=2,25,0 emit=2,26,0
trig user_events/hg_end
hist user_events/hg_start
hist user_events/hg_end
trace
