# SPDX-License-Identifier: GPL-2.0
# Where a command is cut: ':' between items, ',' in lists, " if " before
# the filter, the handler's ')' and the action's '(' and ')', with
# parentheses around separators, missing or doubled.
# requires: dynamic_events user_events_data events/ftrace/print/hist synthetic_events
pairs_event
append synthetic_events 'hg_sc u64 d'
trigger user_events/hg_start 'hist:keys=id:ts0=val'
for a in 'onmax($d).save(code,val:id)' 'onmax($d).save(code):vals=val' \
	'onmax($d)).save(code):vals=val' 'onmax(($d).save(code):vals=val' \
	'onmax($d).save(code if id == 1)' 'onmax($d).save(code) if id == 1' \
	'onmax($d).save(code,(val,id))' 'onmax($d).save(code,-(val))' \
	'onmax($d.save(code' 'onmax($d' 'onmax(' 'onmax($d).save(' \
	'onmax($d).save' 'onmax($d).snapshot' 'onmax($d).snapshot(x)' \
	'onmax($d).snapshot()x' 'onmax($d).save(,code)' 'onmax($d).save(code,)' \
	'onmax($d).save(code,,val)' 'onmatch(user_events.hg_start).trace(hg_sc)' \
	'onmatch(user_events.hg_start).trace()' 'onmatch(user_events.hg_start).trace(,$d)' \
	'onmatch(user_events.hg_start).trace(hg_sc,$d,)' \
	'onmatch(user_events.hg_start).hg_sc()' 'onmatch(user_events.hg_start).hg_sc(' \
	'onmatch(user_events.hg_start)' 'onmatch(user_events.hg_start).' \
	'onmatch(user_events.hg_start).save(code)' 'onmatch(user_events.hg_start).snapshot()' \
	'onchange($d).trace(hg_sc,$d)' 'onmax($d).hg_sc($d)' \
	'onmax ($d).save(code)' 'onmax($d) .save(code)' 'onmax($d). save(code)' \
	'onmax( $d).save(code)' 'onmax($d ).save(code)' 'onmax($d).save( code)' \
	'onmax($d).save(code )' 'onmax($d).Save(code)' 'onMax($d).save(code)'; do
	try user_events/hg_end "hist:keys=id:d=val-\$ts0:$a"
done
for c in 'hist:keys=id,(val:vals=code' 'hist:keys=(id,val):vals=code' \
	'hist:keys=id:x=-(val,code)' 'hist:keys=id:vals=(val:code)' \
	'hist:keys=id:vals=val if (id == 1:x)' 'hist:keys=id:vals=val if(id == 1)' \
	'hist:keys=id:vals=val  if id == 1' 'hist:keys=id:vals=val	if id == 1' \
	'hist:keys=id:vals=val if' 'hist:keys=id:vals=val if ' 'hist:keys=id:vals=(val if id == 1)' \
	'hist:keys=id:x=-(val):vals=code' 'hist:keys=id:x=-(val)),y=val' \
	'hist:keys=id:x=-((val),y=code' 'hist:keys=id):vals=val' 'hist:(keys=id):vals=val'; do
	try user_events/hg_end "$c"
done
