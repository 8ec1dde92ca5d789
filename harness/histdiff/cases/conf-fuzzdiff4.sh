# SPDX-License-Identifier: GPL-2.0
# What make fuzzdiff found after conf-fuzzdiff3: .execname refused on any
# name but common_pid before the field is looked up, and texts with a '$'
# that are neither $VAR nor SYSTEM.EVENT.$VAR: cut at their dots as a
# field is ("FIELD.MOD$" is a bad modifier), a bare '$' no field.
# requires: dynamic_events user_events_data error_log synthetic_events events/ftrace/print/hist snapshot
append dynamic_events 'u:hg_x u32 id;u64 val;char[16] tag;__data_loc char[] dtag'
append synthetic_events 'hg_xs u64 lat'
for c in 'keys=s.execname' 'keys=id:vals=pid.execname' 'keys=id:x=pid.execname' \
	'keys=id:x=id.execname+1' 'keys=id.execname' \
	'keys=user_events.hg_x.nosuch.execname' \
	'keys=id:x=common_pid.execname,y=common_cpu.execname'; do
	try user_events/hg_x "hist:$c"
done
for t in 'common_timestamp.usecs$' 'common_timestamp$' 'id$' 'id.hex$' \
	'id.buckets=1$' 'id.$v' 'id.a$v' '$' '$+1' '$-lat5' 'id-$-lat5' \
	'user_events.hg_x.$' 'a.b.c.$v' 'a.b.c.d.$v' 'a.b$v' \
	'user_events.hg_x..$v40' 'a$b.hex' 'a.b$.c.hex' 'a.b.c$v' 'a.$b.c' \
	'id+a.b.$c'; do
	try user_events/hg_x "hist:keys=id:x=$t"
done
for c in 'vals=$' 'vals=$-x' 'vals=user_events.hg_x..id' 'vals=user_events.hg_x.id.' \
	'vals=id.sym-offset$' 'vals=user_events.hg_x.$nosuch' \
	'x=common_timestamp:onmax($x).trace(hg_xs,$)' \
	'x=common_timestamp:onmax($x).trace(hg_xs,user_events.hg_x.$)' \
	'x=common_timestamp:onmax($x).trace(hg_xs,id.usecs$)' \
	'x=common_timestamp:onmax($)' 'x=common_timestamp:onmax($x).save($)'; do
	try user_events/hg_x "hist:keys=id:$c"
done
# A token holding the "sym-offset" of a ".sym-offset" is careted at the
# start of the command, whatever the error; other tokens as usual.
for c in 'keys=id:x=common_timestamp:onmatch(syscalls.sym-offset.nosuch).trace(hg_xs,$x)' \
	'keys=id:x=common_timestamp:onmatch(user_events.hg_x.sym-offset).trace(hg_xs,$x)' \
	'keys=id.sym-offset:vals=nosuch' 'keys=id:x=id.sym-offset+nosuch' \
	'keys=tag.sym-offset' 'keys=nosuch.sym-offset' 'keys=id:vals=val.sym-offset' \
	'keys=id:sort=id.sym-offset,nosuch' 'keys=id:x=val.sym-offsetz' \
	'keys=id:x=common_timestamp:onmax($x).sym-offset($x)' \
	'keys=id:x=common_timestamp:onmax($x).trace(sym-offset,$x)' \
	'keys=id.sym-offset:x=common_timestamp:onmax($x).trace(sym-offset,$x)' \
	'keys=id:x=common_timestamp:onmax($x).save(val.sym-offset,nosuch)'; do
	try user_events/hg_x "hist:$c"
done
# hitcount as a key is 1; with .log2 or .buckets it is printed so, not
# grouped, and nameless. (hitcount.log2 is left out: stock WARNs on it.)
append dynamic_events 'u:hg_hc u32 id;u64 val;char[16] tag'
trigger user_events/hg_hc 'hist:keys=id,hitcount.buckets=10'
trigger user_events/hg_hc 'hist:keys=hitcount.buckets=4'
trigger user_events/hg_hc 'hist:keys=tag,hitcount.hex'
gen comm=hghc user='hg_hc u32 id;u64 val;char[16] tag' emit=1,2,a emit=1,2,a emit=3,4,c
trig user_events/hg_hc
hist user_events/hg_hc
# Modifiers checked before the field or variable is looked up (.execname,
# one for values only on a key or a variable), .percent and .graph known
# by their start; the field after SYSTEM.EVENT. careted as dotted.
for c in \
	'keys=id:v=common_timestamp-$x.percent418' \
	'keys=id:v=$x.percent418' \
	'keys=id:v=$x.bogus' \
	'keys=id:v=1-$x.bogus' \
	'keys=id:v=1-$x.hex' \
	'keys=id:vals=$x.bogus' \
	'keys=id:vals=$x.percent' \
	'keys=id:vals=val+$x.percentz' \
	'keys=id:vals=val+$x.graphz' \
	'keys=id:v=val+$x.log2z' \
	'keys=id:v=val+$x.percent' \
	'keys=id:v=val+$x.buckets=z' \
	'keys=s.percent' \
	'keys=s.graph,id' \
	'keys=id:x=s.percent' \
	'keys=id:x=s.graph+1' \
	'keys=cpu.hex.sym-offset' \
	'keys=a.b.nosuch' \
	'keys=id:vals=a.b.sym-offset' \
	'keys=id:vals=val.percentz' \
	'keys=id:vals=val.graphx' \
	'keys=id:vals=val.percen' \
	'keys=id.hexz' \
	'keys=id:x=val.percentz' \
	'keys=id:vals=val+val.percentz' \
	'keys=id:vals=nosuch.percentz' \
	'keys=id:vals=$nosuch.percentzz' \
	'keys=id:vals=$nosuch.graph' \
	'keys=id:vals=$nosuch.hex' \
	'keys=id:vals=$nosuch.usecs' \
	'keys=id:vals=$nosuch.sym' \
	'keys=id:vals=$nosuch.buckets=3' \
	'keys=id:vals=$nosuch.stacktrace' \
	'keys=id:vals=$nosuch.execname' \
	'keys=id:vals=$nosuch.log2' \
	'keys=id:vals=$nosuch.syscall' \
	'keys=id:vals=$nosuch.sym-offset' \
	'keys=id:vals=$nosuch.hexx' \
	'keys=id:x=$nosuch.percent' \
	'keys=id:x=$nosuch.hex' \
	'keys=$nosuch.hex' \
	'keys=id:x=val.graph' \
	'keys=id:x=nosuch.graph' \
	'keys=id:x=nosuch.log2' \
	'keys=id:x=nosuch.stacktrace' \
	'keys=id:x=tag.log2' \
	'keys=id:vals=val.percentile,val.graphic' \
	; do
	try user_events/hg_x "hist:$c"
done
# A string operand is refused before the right operand is read.
append dynamic_events 'u:hg_st char[16] s;__data_loc char[] d;u32 n;s64 v'
for c in \
	'keys=n,d*sort=d,n,d.buckets.bogus)' \
	'keys=n:x=d*nosuch' \
	'keys=n:x=nosuch*d' \
	'keys=n:x=n*d' \
	'keys=n:x=s+d' \
	'keys=n:x=s+n.bogus' \
	'keys=n:x=s+n+nosuch' \
	'keys=n:x=n+nosuch+s' \
	'keys=n:x=-(s)+n' \
	'keys=n:x=s*$nosuch' \
	'keys=n:x=s/0' \
	'keys=n:x=s-common_timestamp.usecs' \
	; do
	try user_events/hg_st "hist:$c"
done
# "s:" lines of dynamic_events: the first '/' of the line, wherever it is,
# must end "synthetic/".
for c in 's:hg_s1 u32 a/b' 's:hg_s2 u32 a; u32 b/c' 's:foo/hg_s3 u32 a' \
	's:hg_s4 u32/ a' 's:synthetic/hg_s5 u32 a/b' 's:hg_s6 u32 a; u32 b.percent/l' \
	's:hg_s7 char f0[]; unsigned long f3;) boo.percent/l f4; u32 f5' \
	's:synthetic/hg_s8 u32 a'; do
	append dynamic_events "$c"
done
show synthetic_events
append dynamic_events '-:synthetic/hg_s8'
# sort=: an empty entry is refused before too many are.
for c in \
	'keys=id:sort=id.descending,,hitcount.descending,id' \
	'keys=id:sort=id,.descending,hitcount' \
	'keys=id:sort=id,nosuch,hitcount' \
	'keys=id:sort=id,id.bogus,hitcount' \
	'keys=id:sort=,id,hitcount' \
	'keys=id:sort=id,hitcount,' \
	'keys=id:sort=id,,' \
	'keys=id:sort=nosuch,id,hitcount' \
	'keys=id:sort=id,hitcount,nosuch,x' \
	; do
	try user_events/hg_x "hist:$c"
done
# A snapshot() that another trigger holds is EBUSY when the action is
# built: after the keys, values and variables and the actions before it,
# before the actions after it.
append synthetic_events 'hg_s3 u64 a; u64 b'
append events/sched/sched_switch/trigger 'hist:keys=next_pid:v=common_timestamp:onchange($v).snapshot()'
for c in \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3($v156,ip)' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3($v156,ip)' \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip,syscalls.sys_enter_write.$x359)' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip,syscalls.sys_enter_write.$x359)' \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip,nosuch)' \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip)' \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).fz_nosuch(ip)' \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.nosuch).hg_s3(ip,ip)' \
	'keys=common_type:cont:onchange($v379).snapshot()' \
	'keys=common_type:cont:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip,$nosuch)' \
	'keys=common_type:clear:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip,$nosuch)' \
	'keys=common_type:pause:v379=78-common_timestamp:onchange($v379).snapshot():onmatch(user_events.hg_x).hg_s3(ip,$nosuch)' \
	'keys=common_type:v379=78-common_timestamp:onmatch(user_events.hg_x).hg_s3(ip,$nosuch):onchange($v379).snapshot()' \
	'keys=common_type:v379=78-common_timestamp:onmatch(user_events.hg_x).hg_s3(ip):onchange($v379).snapshot()' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():onchange($v379).save(nosuch)' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).save(nosuch):onchange($v379).snapshot()' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():onchange($nosuch).save(ip)' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():sort=nosuch' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():vals=nosuch' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot():onmax($v379).trace(hg_s3,ip,ip)' \
	'keys=common_type:v379=78-common_timestamp:onmax($v379).snapshot():onchange($v379).snapshot()' \
	'keys=common_type:v379=78-common_timestamp,v1=nosuch:onchange($v379).snapshot()' \
	'keys=common_type:v379=78-common_timestamp:onchange($v379).snapshot() if nosuch == 1' \
	; do
	try ftrace/print "hist:$c"
done
append events/sched/sched_switch/trigger '!hist:keys=next_pid:v=common_timestamp:onchange($v).snapshot()'
# Stack traces: no plain value (a stack array of the record too); a
# variable's stack array shows as its name; a grouped stack trace key has
# no name to sort by. (A stack as an operand is refused on ours:
# harness/fuzz/differences.txt, stack-operand; not compared.) snapshot( without ')' is careted at
# what follows the '('.
append synthetic_events 'hg_sa s16 f0; long[] f1; s8 f2'
for c in \
	'keys=f0:z=f1' \
	'keys=f0:x=f1.stacktrace' \
	'keys=f2:w=f1:vals=$w' \
	; do
	try synthetic/hg_sa "hist:$c"
done
for c in \
	'keys=id:z=common_stacktrace' \
	'keys=common_stacktrace.buckets=10,id:sort=id' \
	'keys=id,stacktrace.hex:sort=stacktrace' \
	'keys=id:lat16=common_timestamp:onmax($lat16).snapshot((' \
	'keys=id:lat16=common_timestamp:onmax($lat16).snapshot(' \
	'keys=id:lat16=common_timestamp:onmax($lat16).save((' \
	'keys=id:lat16=common_timestamp:onmax($lat16).save(prio' \
	'keys=id:lat16=common_timestamp:onmax($lat16).snapshot(()' \
	'keys=id:lat16=common_timestamp:onmax($lat16).snapshot(x' \
	'keys=id:lat16=common_timestamp:onchange($lat16).snapshot((' \
	'keys=id:lat16=common_timestamp:onmax($lat16).trace((' \
	'keys=id:lat16=common_timestamp:onmax($lat16).foo((' \
	'keys=id:lat16=common_timestamp:onmax(($lat16).snapshot()' \
	'keys=id:lat16=common_timestamp:onmax($lat16)).snapshot()' \
	; do
	try user_events/hg_x "hist:$c"
done
# A stack trace key with .buckets prints its frames; .sym, .hex print the
# first frame as a number. (.log2 prints the frames too; left out: stock
# WARNs on it.)
append dynamic_events 'u:hg_sk u32 id;u64 val;s32 code'
trigger user_events/hg_sk 'hist:keys=common_stacktrace.buckets=10,id'
trigger user_events/hg_sk 'hist:keys=common_stacktrace.hex,id'
gen comm=hgsk user='hg_sk u32 id;u64 val;s32 code' emit=1,2,3 emit=1,2,3
trig user_events/hg_sk
hist user_events/hg_sk | sed -E 's/\+0x[0-9a-f]+\/0x[0-9a-f]+/+OFF/g'
# Past 16 variables: the variable pieces are judged once every item is
# read, in the order written (fuzzdiff seed 533).
vars()
{
	local i=$1 l=a$1=val

	while [ $((i += 1)) -le "$2" ]; do
		l=$l,a$i=val
	done
	echo "$l"
}
v=$(vars 0 15)
w=$(vars 0 9)
for c in \
	"keys=id:$v:a16=val,bad" \
	"keys=id:$v:bad,a16=val" \
	"keys=id:$w,bad:$(vars 10 17)" \
	"keys=id:$v:a16=val:x=" \
	"keys=id:$v:a16=val:size=3" \
	"keys=id:$v:a16=val:a17" \
	"keys=id:$v:a16=val:onmax(" \
	"keys=id:$v,a16=val,bad" \
	; do
	try user_events/hg_x "hist:$c"
done
