# SPDX-License-Identifier: GPL-2.0
# Modifiers: unknown, doubled, on the wrong kind of field (key or value).
# Each command is tried alone: what stock accepts is shown ("now:") and removed.
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist
spread_event
for c in 'hist:keys=v.nosuch' 'hist:keys=v.' 'hist:keys=v.hex.hex' \
	'hist:keys=v.hex.log2' 'hist:keys=v.log2.hex' 'hist:keys=v.sym.hex' \
	'hist:keys=v.HEX' 'hist:keys=v.execname' 'hist:keys=v.syscall' \
	'hist:keys=v.usecs' 'hist:keys=v.percent' 'hist:keys=v.graph' \
	'hist:keys=v.stacktrace' 'hist:keys=v.descending' 'hist:keys=v.ascending' \
	'hist:keys=v.buckets' 'hist:keys=v.buckets=' 'hist:keys=v.buckets=5.hex' \
	'hist:keys=v.hex.buckets=5' 'hist:keys=v.log2.buckets=4' \
	'hist:keys=v:vals=w.log2' 'hist:keys=v:vals=w.buckets=4' \
	'hist:keys=v:vals=w.percent.graph' 'hist:keys=v:vals=w.graph.percent' \
	'hist:keys=v:vals=w.hex.percent' 'hist:keys=v:vals=w.nosuch' \
	'hist:keys=v:vals=w.execname' 'hist:keys=v:vals=w.descending' \
	'hist:keys=v:vals=hitcount.hex' 'hist:keys=v:vals=hitcount.log2' \
	'hist:keys=v:vals=hitcount.nosuch' 'hist:keys=common_pid.execname.hex' \
	'hist:keys=common_timestamp.usecs.hex' 'hist:keys=common_timestamp.sym'; do
	try user_events/hg_spread "$c"
done
