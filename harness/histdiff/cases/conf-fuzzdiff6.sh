# SPDX-License-Identifier: GPL-2.0
# What make fuzzdiff found after conf-fuzzdiff5 (seeds 534 and 536): the
# spec shows a .buckets= size as a signed long (18446744073709551615 is
# -1), and a stack array field of the record with one modifier: as a key
# .log2 or .buckets=N, else .stacktrace whatever it was given; as an
# operand its modifier, or .stacktrace without one; as the value of a
# variable its name alone, and an alias of it likewise.
# requires: synthetic_events error_log
# A stack as an operand (f1 is one, grouped or not) is refused on ours
# (harness/fuzz/differences.txt, stack-operand): not tried.
append synthetic_events 'hg_zs long f0; unsigned long[] f1; u16 f2'
for c in \
	'key=f1.log2' 'key=f1.hex' 'key=f1.buckets=4' 'key=f1.stacktrace' \
	'key=f1.sym' 'key=f1' 'key=f1.syscall' 'key=f1.usecs' \
	'key=f1.sym-offset' 'key=f1.execname' 'key=f1.log2.hex' \
	'key=f1,f0.log2' 'key=f1.log2,f2.hex:sort=f1' \
	'key=f1.buckets=18446744073709551615' \
	'key=f0:x=f1.hex' 'key=f0:y=f1.stacktrace' 'key=f0:z=f1.sym' \
	'key=f0:w=f1' 'key=f2:v=f1.log2' \
	'key=f2:y=f1.hex,a=$y' 'key=f2:y2=f1.log2,a2=$y2' \
	'key=f0.hex:y3=f1.stacktrace,a3=$y3:vals=$a3' \
	'key=f0.sym:y9=-f1' \
	; do
	try synthetic/hg_zs "hist:$c"
done
for c in \
	'keys=common_pid.buckets=18446744073709551615,common_type:sort=common_pid' \
	'keys=common_type.buckets=9223372036854775808' \
	'keys=common_flags.buckets=9223372036854775807' \
	'keys=common_pid:vals=common_type.buckets=18446744073709551615' \
	'keys=common_pid:x=common_type.buckets=18446744073709551615' \
	'keys=common_preempt_count.buckets=-1' \
	; do
	try synthetic/hg_zs "hist:$c"
done
# In an expression, .log2 and .buckets= group an operand as they group a
# key (fuzzdiff seed 568), and make it a u64 (so the second trigger here
# already exists), a string too, so that comm.buckets=10/0 is a division
# by zero, careted at the first "0" of the command; -(FIELD.log2) is
# refused without a word.
ints_event
trigger user_events/hg_ints 'hist:keys=u32v.log2+0:vals=u8v'
trigger user_events/hg_ints 'hist:keys=u16v.buckets=100+s8v:vals=u8v'
trigger user_events/hg_ints 'hist:keys=s8v:vals=u16v.log2*1'
ints_gen
hist user_events/hg_ints
for c in \
	'keys=prio,comm.buckets=10/0' 'keys=comm/0' 'keys=prio:x0=comm/0' \
	'keys=prio:x1=comm.log2+1' 'keys=prio:x2=comm.buckets=10/2' \
	'keys=prio:x3=comm.buckets=10+pid' 'keys=prio:vals=comm.log2*2' \
	'keys=comm.log2-1' 'keys=prio:x4=comm.hex+1' 'keys=prio:x5=-comm.log2' \
	'keys=prio:x6=comm.buckets=10/0' 'keys=prio:x7=comm.log2/0' \
	'keys=prio:x8=comm.sym+1' 'keys=prio:x9=comm.usecs+1' \
	'keys=prio:x10=comm.log2+comm.log2' 'keys=prio:x11=-(comm.log2)' \
	'keys=prio:x12=-(prio.log2)' 'keys=prio:x13=-(prio.buckets=10)' \
	'keys=prio:x14=-(prio.hex)' 'keys=prio:x15=-(comm.hex)' \
	'keys=prio:x16=-(comm.log2+1)' 'keys=prio:x17=-(pid.log2+1)' \
	; do
	try sched/sched_waking "hist:$c"
done
