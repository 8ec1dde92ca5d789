# SPDX-License-Identifier: GPL-2.0
# Inter-event errors: a missing variable, an unknown matching event or
# synthetic event, a handler or action stock does not know, the wrong
# number of parameters, a parameter whose type does not fit its field,
# onmax on a non-variable, save() of an unknown field.
# requires: dynamic_events user_events_data synthetic_events error_log events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_e2 u32 id; u64 delta'
append synthetic_events 'hg_es u32 id; char name[16]'
trigger user_events/hg_start 'hist:keys=id:v0=val,t0=tag'
for c in \
	'hist:keys=id:d=val-$nosuch:onmatch(user_events.hg_start).trace(hg_e2,id,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.nosuch).trace(hg_e2,id,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(nosuch.hg_start).trace(hg_e2,id,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(hg_start).trace(hg_e2,id,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_nosuch,id,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_e2,id)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_e2,id,$d,code)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_es,id,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_e2,$t0,$d)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_e2,id,nosuchfield)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).nosuchaction(id)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace()' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_e2,id,$d' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).save(val)' \
	'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).snapshot(val)' \
	'hist:keys=id:d=val-$v0:onnothing($d).save(val)' \
	'hist:keys=id:d=val-$v0:onmax(d).save(val)' \
	'hist:keys=id:d=val-$v0:onmax($nosuch).save(val)' \
	'hist:keys=id:d=val-$v0:onmax($d).save(nosuchfield)' \
	'hist:keys=id:d=val-$v0:onmax($d).save()' \
	'hist:keys=id:d=val-$v0:onmax($d).trace(hg_e2,id)' \
	'hist:keys=id:d=val-$v0:onmax($d)' \
	'hist:keys=id:d=val-$v0:onchange($d).nosuch()' \
	'hist:keys=id:d=val-$v0:onmax($d).save(val):onmax($d).save(code)' \
	'hist:keys=id:v0=val' \
	'hist:keys=id:d=val-$v0,d=val' \
	'hist:keys=id:d=$v0:vals=$d' \
	'hist:keys=id:onmatch(user_events.hg_start).trace(hg_e2,id,$v0)'; do
	try user_events/hg_end "$c"
done
