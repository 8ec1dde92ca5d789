# SPDX-License-Identifier: GPL-2.0
# Differences the differential fuzzer (make fuzzdiff) found, one command
# each: which of several faults is reported, and when a limit is checked.
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist events/sched/sched_switch/trigger
spread_event
# Too many keys or sort fields are refused once the rest is built: the
# values, variables, the keys that fit and the action parameters first.
# A piece of a variable list without '=' waits for the variables too.
for c in 'hist:keys=v,w,neg,v:onmax($x).save(w,1)' \
	'hist:keys=v,w,neg,v.bogus' 'hist:keys=v,w,neg,v:vals=nofield' \
	'hist:keys=v,w,neg,v' \
	'hist:keys=v:sort=v,w,hitcount:NOHC' 'hist:keys=v:sort=nosort,w,hitcount' \
	'hist:keys=v:vals=w:sort=w.bogus,v,hitcount' 'hist:keys=v:sort=v,hitcount,w' \
	'hist:keys=v:a=w,,b=v:nosuchflag' 'hist:key,s=v:sort=hitcount' \
	'hist:keys=v:a=w,b:vals=nofield' 'hist:keys=v:a=w,b:sort=nosort' \
	'hist:keys=v:size=99999999999999999999999' \
	'hist:keys=v:size=18446744073709551615' 'hist:keys=v:size=4294967296' \
	'!hist:keys=v:size=99999999999999999999999'; do
	try user_events/hg_spread "$c"
done
# An action parameter SYSTEM.EVENT.$VAR that names no variable, and a bad
# filter next to a bad action: the filter is reported first.
append synthetic_events 'hgsyn u64 a'
for c in 'hist:keys=v:x=w:onmatch(user_events.hg_spread).hgsyn(user_events.hg_spread.$nosuch)' \
	'hist:keys=v:x=w:onmax($nosuch).save(w) if v == 0x' \
	'hist:keys=v:x=w:onmax($x).save(nofield) if nosuch == 1'; do
	try user_events/hg_spread "$c"
done
# Truncating a trigger file removes enable_hist and disable_hist, not
# enable_event.
trigger sched/sched_switch 'enable_hist:sched:sched_waking'
trigger sched/sched_switch 'disable_hist:sched:sched_waking:3 if prev_pid == 0'
trigger sched/sched_switch 'enable_event:sched:sched_waking'
trunc events/sched/sched_switch/trigger ''
show events/sched/sched_switch/trigger
trigger sched/sched_switch '!enable_event:sched:sched_waking'
