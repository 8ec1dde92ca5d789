# SPDX-License-Identifier: GPL-2.0
# More differences the differential fuzzer (make fuzzdiff) found: how an
# expression with a leading minus is read, when two triggers with operators
# are the same, the stack trace's name in sort=, where a too long key is
# refused, $VAR.MOD that names no variable, action names and parameters,
# "if" with no filter, and '-' deletions in dynamic_events.
# requires: dynamic_events user_events_data error_log synthetic_events events/sched/sched_waking/trigger
pairs_event
append synthetic_events 'hg_f2 u64 lat; u32 key; u32 more'
append synthetic_events 'hg_f2k u32 key'
# Keys are placed as they are built: two strings are too long before the
# action is looked at.
for c in 'hist:keys=dtag,dtag:onmatch(user_events.hg_end).hg_f2k(id)' \
	'hist:keys=dtag.hex,dtag,nosuch'; do
	try user_events/hg_start "$c"
done
trigger user_events/hg_start 'hist:keys=id:ts0=val'
# A leading minus is unary only when no other minus follows it; a unary
# minus counts among the three operators.
for e in '-(val)-id' '-(val)+id' '-(val-id)' '-(-(code))*1' '-(val)-(id)' \
	'-(val)--id' '-(val)-id.usecs' '-(val-id-id-id)' '-(val*id*code*val)' \
	'-(val)-id-code-val' '-(val)+-(id)' '-(id)*-(code)-val' '-(val' \
	'-(val.sym-offset)' '-(val.sym-offset-id)' 'id+-(code)'; do
	try user_events/hg_end "hist:keys=id,val:x=$e:sort=id"
done
# Two values with an operator of the same type are the same value.
trigger user_events/hg_end 'hist:keys=id:vals=val+id'
trigger user_events/hg_end 'hist:keys=id:vals=val-id'
trigger user_events/hg_end 'hist:keys=id:vals=code*2'
trigger user_events/hg_end 'hist:keys=id:vals=-(code)'
trig user_events/hg_end
trunc events/user_events/hg_end/trigger ''
# The stack trace key is common_stacktrace however it is written.
trigger sched/sched_waking 'hist:keys=stacktrace:sort=stacktrace'
trigger sched/sched_waking 'hist:keys=pid,stacktrace:sort=pid'
trigger sched/sched_waking 'hist:keys=pid,common_stacktrace:sort=pid'
trig sched/sched_waking
trunc events/sched/sched_waking/trigger ''
# $VAR.MOD with no such variable: the modifier is checked first.
for c in 'hist:keys=id:vals=id-$lat.hex21' 'hist:keys=id:vals=$lat.hex' \
	'hist:keys=id:vals=val+$lat.buckets=0'; do
	try user_events/hg_end "$c"
done
# Action names are told by how they start; onmatch() refuses save() and
# snapshot() after reading their parameters; parameters with one dot.
for a in 'onmax($d).savefoo(id,val)' 'onmax($d).save.hex(id,val)' \
	'onmax($d).tracefoo(hg_f2k,id)' 'onmax($d).save(id.hex)' \
	'onmax($d).save(a.b)' 'onmax($d).hg_f2k(id.hex)' \
	'onmax($d).trace(hg_f2,$d,zzzzzz,id)' \
	'onmatch(user_events.hg_start).save(id,p)' \
	'onmatch(user_events.hg_start).snapshot(' \
	'onmatch(user_events.hg_start).snapshotx()' \
	'onmatch(user_events.hg_start).hg_f2($d,id.usecs,id)' \
	'onmatch(user_events.hg_start).hg_f2($d,hg_end.id,id)' \
	'onmatch(user_events.hg_start).hg_f2($d,user_events.hg_end.id.hex,id)' \
	'onmatch(user_events.hg_start).hg_f2($d,user_events.hg_end.val,id)' \
	'onmatch(user_events.hg_start).hg_f2($d.buckets30,id,id)' \
	'onchange($d).tracehg_f2,id):onnothing($d).trace((hg_f2,id)'; do
	try user_events/hg_end "hist:keys=id:d=val-\$ts0:$a"
done
# "if" with nothing after it is refused before anything else.
for c in 'hist:keys=id:a=1,b if' 'hist:keys=id:sort=nosuch if' \
	'hist:keys=nosuch if' 'hist:keys=id.nosuchmod if x'; do
	try user_events/hg_end "$c"
done
# A deletion is "-:"; any other character after '-' is malformed.
for c in '-):hg_none' '-p:hg_none' '-x:hg_none' '-::hg_none'; do
	append dynamic_events "$c"
done
