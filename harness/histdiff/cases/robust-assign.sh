# SPDX-License-Identifier: GPL-2.0
# Variable assignments that are not NAME=EXPR: pieces without '=', empty
# names and values, doubled '=' and commas (they once oopsed our kernel).
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
for c in 'hist:keys=v:a=1,b' 'hist:keys=v:ts0=common_timestamp,' \
	'hist:keys=v:a=v,=w' 'hist:keys=v:a=,b=v' 'hist:keys=v:a==v' \
	'hist:keys=v:=v' 'hist:keys=v:a=v,,b=w' 'hist:keys=v:,a=v' \
	'hist:keys=v:a=v:b' 'hist:keys=v:a=v,b:vals=w' 'hist:keys=v:a=v=w' \
	'hist:keys=v:a b=v' 'hist:keys=v:a=v,b=w,' 'hist:keys=v:$a=v' \
	'hist:keys=v:a.b=v' 'hist:keys=v:a=$a' 'hist:keys=v:a=v,a=w' \
	'hist:keys=v:a=v:a=w'; do
	try user_events/hg_spread "$c"
done
