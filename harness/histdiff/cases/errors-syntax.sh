# SPDX-License-Identifier: GPL-2.0
# Malformed hist commands: the errno, the error_log message and the caret.
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist
spread_event
for c in 'hist' 'hist:' 'hist:keys=' 'hist:keys' 'hist:vals=w' 'hist:keys=,v' \
	'hist:keys=v,' 'hist:keys=v,,w' 'hist:keys=v::vals=w' 'hist:keys=v:' \
	'hist:keys=v:keys=w' 'hist:key=v' 'hist: keys=v' 'hist:keys= v' \
	'hist:keys=v :vals=w' 'hist:keys=v:vals' 'hist:keys=v:vals=' \
	'hist:keys=v:bogus' 'hist:keys=v:bogus=1' 'hist:keys=v:=w' \
	'hist:keys=v:sort' 'hist:keys=v:name' 'hist:keys=v:name=' \
	'hist:keys=v:size' 'hist:keys=v:pause:pause' 'hist:keys=v:pause:cont' \
	'hist:keys=v:clear' 'hist:keys=v:cont' 'hist:keys=v:nohitcount=1' \
	'hist:keys=v:vals=w if' 'hist:keys=v:vals=w if nosuch == 1' \
	'hist:keys=v:vals=w iff v == 1' 'hist:keys=v:vals=w:if v == 1' \
	'hist:keys=v:5' 'hist:keys=v:vals=w:sort=w:size=64:name=n1:pause:extra' \
	'hist:keys=v;vals=w' 'hist:keys=v,vals=w' 'hists:keys=v' 'HIST:keys=v' \
	'!hist' '!hist:keys=nosuch' '!hist:keys=v'; do
	try user_events/hg_spread "$c"
done
