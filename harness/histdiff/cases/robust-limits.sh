# SPDX-License-Identifier: GPL-2.0
# How many variables, keys, values, sort keys and actions a trigger takes.
# requires: dynamic_events user_events_data events/ftrace/print/hist synthetic_events
spread_event
vars=a0=v
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
	vars="$vars,a$i=v"
done
try user_events/hg_spread "hist:keys=v:$vars"
try user_events/hg_spread "hist:keys=v:$vars,a16=w"
try user_events/hg_spread "hist:keys=v:$vars:b=w"
try user_events/hg_spread "hist:keys=v:a0=v,a1=v:a2=v,a3=v"
try user_events/hg_spread 'hist:keys=v,w,neg'
try user_events/hg_spread 'hist:keys=v,w,neg,v'
try user_events/hg_spread 'hist:keys=v:vals=w,neg'
try user_events/hg_spread 'hist:keys=v:vals=w,neg,v'
try user_events/hg_spread 'hist:keys=v:vals=hitcount,w,neg'
try user_events/hg_spread 'hist:keys=v:vals=w,hitcount,neg,hitcount'
try user_events/hg_spread 'hist:keys=v:sort=v,hitcount,v'
append synthetic_events 'hg_one u64 x'
acts=
for i in 1 2 3 4 5 6 7 8 9; do
	acts="$acts:onmax(\$a).hg_one(\$a)"
	try user_events/hg_spread "hist:keys=v:a=w$acts"
done
