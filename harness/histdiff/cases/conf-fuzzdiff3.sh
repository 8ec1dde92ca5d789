# SPDX-License-Identifier: GPL-2.0
# What the differential fuzzer (make fuzzdiff) found next: onmatch( without
# ')', the errors of a field variable histogram, which histogram is its
# template, sort keys and modifiers of variables, $VAR of a variable of the
# same command, variable references as keys and sort keys, named
# histograms with cont/clear, action parameters past the most kept.
# requires: dynamic_events user_events_data error_log synthetic_events events/sched/sched_waking/trigger
pairs_event
append dynamic_events 'u:hg_nohist u32 id;u64 val'
append dynamic_events 'u:hg_m u32 id;u64 val;char[16] tag;__data_loc char[] dtag'
append dynamic_events 'u:hg_mod u32 id;u64 val;char[16] tag;__data_loc char[] dtag'
append synthetic_events 'hg_f3 u64 a; u64 b'
append synthetic_events 'hg_f3s s32 f0; char f1[8]; pid_t f2'
trigger user_events/hg_start 'hist:keys=id:ts0=common_timestamp'
# onmatch( without ')' says so at its argument; onmax( does not.
for c in 'onmatch(user_events.hg_start' 'onmatch(' 'onmatch(nosuch' \
	'onmatch(user_events.hg_start:vals=val' 'onmax($x'; do
	try user_events/hg_end "hist:keys=id:x=val:$c"
done
# A parameter that is no field of ours is read through a histogram on the
# onmatch() event, made by a command whose errors are logged as ours; one
# that would be 256 characters or more fails unsaid.
for p in nosuch 'i/' 'ab+cd' \
	qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq \
	qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq \
	dtag; do
	try user_events/hg_end "hist:keys=id:x=common_timestamp-\$ts0:onmatch(user_events.hg_start).hg_f3(\$x,$p)"
done
try user_events/hg_end 'hist:keys=id:onmatch(user_events.hg_nohist).hg_f3(val,nosuch)'
# The template: keys of the same types, a .log2 or .buckets one unsigned.
i=0
for t in 'u32 x:x.log2:id' 's32 x:x.buckets=10:code' 's32 x:x.hex:code' \
	's32 x:x:code.log2' 'unsigned int x:x:id' 'int x:x:code'; do
	IFS=: read -r decl tkey rkey <<<"$t"
	append dynamic_events "u:hg_t$i $decl;u64 val"
	trigger "user_events/hg_t$i" "hist:keys=$tkey:vals=val"
	try user_events/hg_end "hist:keys=$rkey:onmatch(user_events.hg_t$i).hg_f3(val,nosuch)"
	i=$((i + 1))
done
# Sort keys: ".x" is empty; "$x" of a value is "x".
trigger user_events/hg_m 'hist:keys=id:x2=val'
for c in 'hist:keys=id,val:sort=.at' 'hist:keys=code:vals=$x2:sort=x2' \
	'hist:keys=code:vals=$x2:sort=$x2'; do
	try user_events/hg_end "$c"
done
# No variable reference makes a key.
for k in '$x2' 'id,$x2' '$x2+1' 'user_events.hg_m.$x2' '-($x2)'; do
	append "$(evdir user_events/hg_m)/trigger" "hist:keys=$k"
done
# Modifiers of variables, values and keys; .stacktrace, unknown ones that
# start like sym-offset, string operands.
for e in val.sym val.sym-offset val.syscall common_pid.execname val.log2 \
	val.buckets=4 val.percent val.stacktrace val.sym-offsetx; do
	try user_events/hg_mod "hist:keys=id:z=$e"
	try user_events/hg_mod "hist:keys=id:vals=$e"
done
for c in 'hist:keys=common_stacktrace.stacktrace' 'hist:keys=id:vals=val.hex.stacktrace' \
	'hist:keys=id:vals=val..stacktrace' 'hist:keys=id:x=id+tag' 'hist:keys=id:x=-(tag)' \
	'hist:keys=id:x=id/val*tag'; do
	try user_events/hg_mod "$c"
done
# $VAR of a variable of the same command: read as the variable reads it,
# then checked as a value. A stack in an expression is refused on ours
# (harness/fuzz/differences.txt, stack-operand): not compared.
for v in val.hex val.log2 val.percent val.hex.x common_stacktrace tag.hex \
	common_pid.sym val.usecs; do
	try user_events/hg_mod "hist:keys=id:vals=\$z:z=$v"
	[ "$v" = common_stacktrace ] ||
		try user_events/hg_mod "hist:keys=id:vals=\$z+1:z=$v"
done
# "!" defines nothing.
try user_events/hg_mod '!hist:keys=id:v=val:v=val'
# Named: a cont or clear that finds none is checked against the name.
trigger user_events/hg_start 'hist:keys=id:vals=val:name=hgn'
for c in 'hist:keys=code:vals=val:name=hgn:cont' 'hist:keys=id:vals=val:name=hgn:clear'; do
	try user_events/hg_end "$c"
done
# Synthetic event names: lost carets around sym-offset.
for a in 'hg_f3.sym-offset5($x,val)' 'sym-offset($x,val)' 'trace(sym-offset,$x,val)' \
	'trace(a.sym-offset,$x,val)' 'hg_f3.hex($x,val)'; do
	try user_events/hg_end "hist:keys=id:x=common_timestamp-\$ts0:onmax(\$x).$a"
done
# Parameters: their types are checked before too many are refused; a
# SYSTEM.EVENT.$VAR is reported at $VAR.
try user_events/hg_end 'hist:keys=id:onmatch(user_events.hg_start).hg_f3s(id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id,id)'
try user_events/hg_end 'hist:keys=id:onmatch(user_events.hg_start).trace(hg_f3s,user_events.hg_m.$x2,code,code)'
