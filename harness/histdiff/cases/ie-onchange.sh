# SPDX-License-Identifier: GPL-2.0
# onchange($var).save() and onchange($var).trace(): the changed value and
# the saved fields in the hist output; variables made of a plain field of
# the same event (refused by stock) or of an expression on it.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
spread_event
append synthetic_events 'hg_chg u32 id; u64 d'
trigger user_events/hg_spread 'hist:keys=neg:x=v:onchange($x).save(v,w)'
trigger user_events/hg_spread 'hist:keys=neg:x=v:onchange($x).save(w)'
trigger user_events/hg_spread 'hist:keys=neg:x=v+0:onchange($x).save(w)'
trigger user_events/hg_spread 'hist:keys=neg:x=v*1:onmax($x).save(w)'
trigger user_events/hg_start 'hist:keys=id:v0=val,v1=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onchange($d).save(code,val)'
trigger user_events/hg_end 'hist:keys=code:e=val-$v1:onchange($e).trace(hg_chg,id,$e)'
echo 1 >events/synthetic/hg_chg/enable
gen comm=hgchg user="$UE_SPREAD" emit=1,10,-1 emit=1,11,-1 emit=2,20,-1 emit=2,21,-1 emit=3,30,-2 emit=1,12,-1
pairs_gen
trig user_events/hg_spread
trig user_events/hg_end
hist user_events/hg_spread
hist user_events/hg_end
trace
