# SPDX-License-Identifier: GPL-2.0
# Several handlers and actions: two onmatch() in one trigger (refused by
# stock: the second one's variables clash), onmatch().trace() with
# onmax().save() in one trigger, and a second trigger on the same event
# whose actions use the first one's variable by its full name.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_m1 u32 id; u64 delta'
append synthetic_events 'hg_m2 u64 delta; s32 code'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_m1,id,$d):onmatch(user_events.hg_start).trace(hg_m2,$d,code):onmax($d).save(code,val):onchange($d).save(id)'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_m1,id,$d):onmax($d).save(code,val)'
trigger user_events/hg_end 'hist:keys=id:onmatch(user_events.hg_start).trace(hg_m2,user_events.hg_end.$d,code):onchange(user_events.hg_end.$d).save(val)'
echo 1 >events/synthetic/enable
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
trace
