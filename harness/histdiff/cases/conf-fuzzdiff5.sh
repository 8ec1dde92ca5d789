# SPDX-License-Identifier: GPL-2.0
# What make fuzzdiff found after conf-fuzzdiff4 (seed 553): SYSTEM.EVENT.$VAR
# names a variable only on an event that find_event_file() finds, so the
# variables of the tracer's own events (ftrace.print) are read as $VAR only;
# a field variable made on such an event is "Couldn't find synthetic
# variable", and the histogram made for it goes again. And save() of a
# variable that does not exist, qualified or not.
# requires: dynamic_events user_events_data error_log synthetic_events events/ftrace/print/hist
append dynamic_events 'u:hg_y u32 id;u64 val;s32 code'
append dynamic_events 'u:hg_yb u32 id;u64 val;s32 code'
append synthetic_events 'hg_ys u64 lat; int pid'
trigger ftrace/print 'hist:keys=common_pid:x23=common_timestamp.usecs'
trigger user_events/hg_yb 'hist:keys=common_pid:y=common_timestamp.usecs'
l='common_timestamp.usecs-$x23'
for c in \
	'l1=common_timestamp.usecs-ftrace.print.$x23' \
	'l2=ftrace.print.$x23' \
	"l3=$l" \
	"l4=$l:onmatch(ftrace.print).trace(hg_ys,\$l4,common_pid)" \
	"l5=$l:onmatch(user_events.hg_y).trace(hg_ys,ftrace.print.\$x23,common_pid)" \
	"l6=$l:onmatch(ftrace.print).trace(hg_ys,\$l6,ftrace.print.common_pid)" \
	"l7=$l:onmatch(ftrace.print).trace(hg_ys,\$l7,\$x23)" \
	"l8=$l:onmax(\$l8).save(user_events.hg_yb.\$nosuch)" \
	"l9=$l:onmax(\$l9).save(user_events.hg_yb.\$y)" \
	"l10=$l:onmax(\$l10).save(\$nosuch)" \
	"l11=$l:onmax(\$l11).save(nosys.noev.\$y)" \
	"l12=$l:onmax(\$l12).save(ftrace.print.\$x23)" \
	; do
	try user_events/hg_y "hist:keys=common_pid:$c"
done
trig ftrace/print
# A field variable's histogram that cannot be made: its variable exists.
trigger ftrace/print 'hist:keys=common_pid:synthetic_ip=ip'
try user_events/hg_y "hist:keys=common_pid:l13=$l:onmatch(ftrace.print).trace(hg_ys,\$l13,ftrace.print.ip)"
try user_events/hg_y "hist:keys=common_pid:l14=$l:onmatch(ftrace.print).trace(hg_ys,\$l14,ip)"
trig ftrace/print
# A variable that two histograms define, named without its event: not
# unique. As an action parameter it was a NULL pointer dereference in
# ours (the reference's "not found" was NULL, taken for a field).
append dynamic_events 'u:hg_yc u32 id;u64 val;s32 code'
trigger user_events/hg_yc 'hist:keys=common_pid:y=common_timestamp.usecs'
for c in \
	"m1=$l:onmax(\$m1).trace(hg_ys,\$y,common_pid)" \
	"m2=$l:onmax(\$m2).save(\$y)" \
	"m3=$l:onchange(\$m3).hg_ys(\$y,common_pid)" \
	'm4=common_timestamp.usecs-$y' \
	'm5=common_timestamp.usecs-user_events.hg_yc.$y' \
	; do
	try user_events/hg_y "hist:keys=common_pid:$c"
done
# save() shows a parameter SYSTEM.EVENT.FIELD or SYSTEM.EVENT.$VAR as
# SYSTEM in the spec; one with a modifier as written.
trigger user_events/hg_y "hist:keys=common_pid:s1=$l:onchange(\$s1).save(id.hex,user_events.hg_yb.\$y,user_events.hg_y.id,val)"
trig user_events/hg_y
# An operator on two constants is shown folded, a reference to another
# histogram's variable defined as a constant counting as one (fuzzdiff
# seed 553); ".sym-offset" in what is shown as written (a name=, a
# variable's name, an action) is shown as ".symXoffset" (seed 552).
append dynamic_events 'u:hg_yd u32 id;u64 val;s32 code'
trigger user_events/hg_yd 'hist:keys=id:v49=230048*0x24,c5=5,c6=2*3'
for c in 'd1=$v49+134' 'd2=$v49' \
	'd3=$c5*2,d4=$c6-$c5,d5=val+$c5,d6=-($c5),d7=$c5+$c5' \
	'vals=hitcount,$c5+1' \
	'name=n.sym-offset0' 'a.sym-offset1=val' 'sym-offset2=val' \
	'x3=val:onchange($x3).save(id.sym-offset)' \
	'name=n.sym-offset.sym-offset7:vals=code' \
	; do
	try user_events/hg_y "hist:keys=id:$c"
done
