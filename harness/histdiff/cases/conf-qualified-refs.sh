# SPDX-License-Identifier: GPL-2.0
# References qualified with the defining event (SYSTEM.EVENT.$VAR) in
# variables, expressions, values, keys and action parameters: what is
# accepted, and how the trigger file and the hist header show them back.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_qs u32 kk; u64 lat'
trigger user_events/hg_start 'hist:keys=id:ts0=val,tq=tag'
for c in 'hist:keys=id:r3=val+user_events.hg_start.$ts0' \
	'hist:keys=id:r4=user_events.hg_start.$ts0' \
	'hist:keys=id:r4=user_events.hg_start.$tq' \
	'hist:keys=id:vals=user_events.hg_start.$ts0' \
	'hist:keys=id,user_events.hg_start.$ts0' \
	'hist:keys=id:r5=val-user_events.hg_start.$ts0:onmax($r5).save(code)' \
	'hist:keys=id:r6=val-user_events.hg_start.$ts0:onmatch(user_events.hg_start).trace(hg_qs,id,$r6)' \
	'hist:keys=id:r7=val:onmatch(user_events.hg_start).trace(hg_qs,id,user_events.hg_start.$ts0)' \
	'hist:keys=id:r8=val+user_events.hg_start.$ts0*2' \
	'hist:keys=id:r9=user_events.hg_start.$ts0-val,r10=$r9+user_events.hg_start.$ts0' \
	'hist:keys=id:r3=val+user_events.hg_end.$ts0' \
	'hist:keys=id:r3=val+user_events.nosuch.$ts0' \
	'hist:keys=id:r3=val+user_events.hg_start.$nosuch' \
	'hist:keys=id:r11=val+user_events.hg_start.$ts0:sort=r11'; do
	try user_events/hg_end "$c"
done
trigger user_events/hg_end 'hist:keys=id:r3=val-user_events.hg_start.$ts0,r4=code:vals=$r3'
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
