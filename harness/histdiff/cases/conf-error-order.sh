# SPDX-License-Identifier: GPL-2.0
# Commands with several faults: which one stock reports, and where.
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist
spread_event
for c in 'hist:keys=.a' 'hist:keys=v.' 'hist:keys=.' 'hist:keys=nosuch.a' \
	'hist:keys=v:vals=$nosuch,nofield' 'hist:keys=v:vals=nofield,$nosuch' \
	'hist:keys=nofield:vals=$nosuch' 'hist:keys=v:a=$nosuch:vals=nofield' \
	'hist:keys=v:vals=nofield:sort=nosort' 'hist:keys=v.hex.hex' \
	'hist:keys=v.bogus:vals=w.bogus' 'hist:keys=v:vals=w:sort=w.bogus,v.bogus' \
	'hist:keys=v:a=w:a=v' 'hist:keys=v:a=w,a=v:vals=nofield' \
	'hist:keys=v:onmax($x).save(w):vals=nofield' 'hist:keys=v:x=w:onmax($x).save(nofield)' \
	'hist:keys=v:x=w:onmax($y).save(w)' 'hist:keys=v:x=w:onmax(x).save(w)' \
	'hist:keys=v:x=w:onmax($x).trace(nosynth,w)' 'hist:keys=v:size=10:vals=nofield' \
	'hist:keys=v:vals=nofield:size=10' 'hist:keys=v:clock=nosuch:vals=nofield' \
	'hist:keys=v:vals=nofield:clock=nosuch' 'hist:keys=v:a=1/0:b=nofield'; do
	try user_events/hg_spread "$c"
done
