# SPDX-License-Identifier: GPL-2.0
# Unknown fields and misused special names as keys, values and sort keys.
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist
spread_event
strs_event
for c in 'hist:keys=nosuch' 'hist:keys=v:vals=nosuch' 'hist:keys=hitcount' \
	'hist:keys=v:vals=hitcount,hitcount' 'hist:keys=v:vals=w,w' \
	'hist:keys=v,v' 'hist:keys=common_nosuch' 'hist:keys=$nosuch' \
	'hist:keys=v:vals=$nosuch' 'hist:keys=V' 'hist:keys=v:vals=W' \
	'hist:keys=cpu' 'hist:keys=common_cpu.hex' 'hist:keys=common_stacktrace.log2' \
	'hist:keys=v:vals=common_cpu' 'hist:keys=v:vals=common_stacktrace' \
	'hist:keys=v:vals=stacktrace' 'hist:keys=user_events.hg_spread.v' \
	'hist:keys=user_events.hg_strs.n'; do
	try user_events/hg_spread "$c"
done
for c in 'hist:keys=n:vals=s' 'hist:keys=n:vals=d' 'hist:keys=n:vals=r' \
	'hist:keys=n:vals=s.hex' 'hist:keys=s.log2' 'hist:keys=d.buckets=2' \
	'hist:keys=s.sym' 'hist:keys=s.execname' 'hist:keys=r.percent'; do
	try user_events/hg_strs "$c"
done
