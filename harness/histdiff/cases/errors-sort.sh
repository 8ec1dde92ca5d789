# SPDX-License-Identifier: GPL-2.0
# Bad sort specifications.
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist
spread_event
for c in 'hist:keys=v:vals=w:sort=' 'hist:keys=v:vals=w:sort=,' \
	'hist:keys=v:vals=w:sort=v,' 'hist:keys=v:vals=w:sort=,v' \
	'hist:keys=v:vals=w:sort=nosuch' 'hist:keys=v:vals=w:sort=neg' \
	'hist:keys=v:vals=w:sort=v.junk' 'hist:keys=v:vals=w:sort=v.' \
	'hist:keys=v:vals=w:sort=v.hex' 'hist:keys=v:vals=w:sort=v.descending.ascending' \
	'hist:keys=v:vals=w,neg:sort=v,w,neg' 'hist:keys=v,w:vals=neg:sort=v,w,neg' \
	'hist:keys=v:vals=w:sort=v,v' 'hist:keys=v:vals=w:sort=hitcount,hitcount' \
	'hist:keys=v:vals=w:sort=v:sort=w' 'hist:keys=v:vals=w:sort=V' \
	'hist:keys=v:vals=w:sort=w.DESCENDING' 'hist:keys=v.log2:vals=w:sort=v.log2' \
	'hist:keys=v.hex:vals=w:sort=v' 'hist:keys=v:vals=w.hex:sort=w.hex' \
	'hist:keys=v:vals=w:sort=common_pid'; do
	try user_events/hg_spread "$c"
done
