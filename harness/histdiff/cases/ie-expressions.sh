# SPDX-License-Identifier: GPL-2.0
# Expressions over variables, fields and constants: + - * /, a variable of
# another event used in two expressions of one trigger, expressions
# passed to a synthetic event; then, each tried alone, parentheses,
# variables as values, modifiers in expressions, timestamps in mixed
# units, and the errors stock gives ('%' at either end of an expression
# is read as part of a name, as stock reads every '%').
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_ex u32 id; u64 a; u64 b; u64 c; s64 d'
trigger user_events/hg_start 'hist:keys=id:v0=val,w0=val*2'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0,e=$w0/2+1,f=val*3-$w0:onmatch(user_events.hg_start).trace(hg_ex,id,$d,$e,$f,code)'
trigger user_events/hg_end 'hist:keys=code:y=val*1000/3-7,z=val-code'
echo 1 >events/synthetic/hg_ex/enable
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist user_events/hg_end
trace
for c in 'hist:keys=id:d=val-$v0,f=(val-$w0)*3' 'hist:keys=id:x=val-$v0:vals=$x,hitcount' \
	'hist:keys=code:y=val*1000/3-7:vals=$y.hex' 'hist:keys=code:y=val*2:vals=$y' \
	'hist:keys=id:z=val-$nosuch' 'hist:keys=id:z=val+' 'hist:keys=id:z=+val' \
	'hist:keys=id:z=val%' 'hist:keys=id:z=%val' 'hist:keys=id:z=val*code%' \
	'hist:keys=id:z=val.usecs%' 'hist:keys=id:z=val**2' 'hist:keys=id:z=(val' \
	'hist:keys=id:z=val)' 'hist:keys=id:z=val-code' 'hist:keys=id:z=val-tag' \
	'hist:keys=id:z=val/0' 'hist:keys=id:z=1/0' 'hist:keys=id:z=val.hex-1' \
	'hist:keys=id:z=common_timestamp-val' 'hist:keys=id:z=common_timestamp.usecs-val' \
	'hist:keys=id:z=val-$v0.usecs' 'hist:keys=id:z=val,z=code' 'hist:keys=id:val=code' \
	'hist:keys=id:z=val:vals=$z,$z' 'hist:keys=id:z=-5' 'hist:keys=id:z=0x10+val' \
	'hist:keys=id:z=val-(1-(2-(3-(4-(5-6)))))'; do
	try user_events/hg_end "$c"
done
