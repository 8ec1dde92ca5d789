# SPDX-License-Identifier: GPL-2.0
# Cases from outside the project (issue 42), each with its neighbours:
# - a reference to another event's variable is shown as the first
#   reference of the trigger to that variable was written, qualified with
#   the event or not, wherever it is used;
# - a key or a variable that is a plain variable of the same command
#   ("keys=$vd:vd=lat.hex") is that variable's field with its modifier;
# - the keys of a trigger may take HIST_KEY_SIZE_MAX bytes as the ABI
#   counts them, a stack array keyed without .stacktrace counting as a
#   string; sort= shows such a key without .stacktrace;
# - a unary minus needs a '(' and a ')' somewhere, and its operand is what
#   lies between its second character and the last ')'.
# requires: dynamic_events user_events_data synthetic_events error_log
append dynamic_events 'u:hg_vma u32 kk;u64 vv;char[16] str'
append dynamic_events 'u:hg_vmb u32 kk;u64 ww'
trigger user_events/hg_vma 'hist:keys=kk:cc=1000,yy=vv:sort=kk'
trigger user_events/hg_vma 'hist:keys=kk:ss=str:sort=kk'
append synthetic_events 'hg_vmsyn u32 key; u64 r1; u64 r2; u64 r3; char st[16]'
for c in \
	'hist:keys=kk:r1=ww*$cc,r2=ww+$yy,r3=ww+user_events.hg_vma.$yy:onmatch(user_events.hg_vma).hg_vmsyn(kk,$r1,$r2,$r3,$ss)' \
	'hist:keys=kk:r3=ww+user_events.hg_vma.$yy,r2=ww+$yy' \
	'hist:keys=kk:r2=ww+$yy,r3=user_events.hg_vma.$yy' \
	'hist:keys=kk:r2=ww+$yy,r3=ww*user_events.hg_vma.$yy-user_events.hg_vma.$cc' \
	'hist:keys=kk:r2=$yy,r3=ww+user_events.hg_vma.$yy' \
	'hist:keys=kk:vals=$yy:r3=ww+user_events.hg_vma.$yy' \
	'hist:keys=kk:r3=ww+user_events.hg_vma.$yy:vals=$yy' \
	'hist:keys=kk:vals=ww+user_events.hg_vma.$yy,$yy:sort=yy' \
	'hist:keys=kk:vals=ww+$yy,user_events.hg_vma.$yy:sort=yy' \
	'hist:keys=kk:vals=$yy:sort=yy' \
	'hist:keys=kk:r2=ww+$yy:onmatch(user_events.hg_vma).trace(hg_vmsyn,kk,ww,user_events.hg_vma.$yy,ww+user_events.hg_vma.$yy,$ss)' \
	; do
	try user_events/hg_vmb "$c"
done
append synthetic_events 'hg_fzsa u64 lat; u32 pid; char comm[16]'
for c in \
	'sort=hitcount,hitcount.ascending:keys=$vd:onmax($vd).save(common_pid,pid):vd=common_timestamp.usecs' \
	'keys=$vd:vd=common_timestamp.usecs' 'keys=$vd:vd=lat.hex' \
	'keys=$vd,pid:vd=pid.execname' 'keys=pid:vals=$vd:vd=lat.hex' \
	'keys=pid:vals=$vd:vd=common_timestamp.usecs' 'keys=$vd:vd=common_timestamp' \
	'keys=$vd:vd=lat.log2' 'keys=$vd:vd=lat.buckets=10' 'keys=$vd:vd=lat.sym' \
	'keys=$vd:vd=common_pid.execname' 'keys=$vd:vd=lat.syscall' 'keys=pid,$vd:vd=lat.hex' \
	'keys=$vd,pid:vd=lat.hex' 'keys=$vd:vd=comm' 'keys=$vd:vd=lat.hex:sort=$vd' \
	'keys=$vd:vd=lat.hex:sort=lat' 'keys=$vd:vd=lat.hex:sort=lat.hex' \
	'keys=$vd:vd=lat.hex,ve=$vd' 'keys=$vd:vals=$vd:vd=lat.hex' 'keys=$vd.hex:vd=lat' \
	'keys=$vd:vd=lat.sym-offset' 'keys=$vd:vd=common_stacktrace' 'keys=$vd:vd=lat.usecs' \
	'keys=$vd:vd=common_timestamp.usecs,ve=common_timestamp' 'keys=$vd,$ve:vd=lat.hex,ve=lat' \
	'keys=$vd:vd=lat.hex+1' 'keys=$vd:vd=common_cpu' 'keys=$vd:vd=cpu' \
	; do
	try synthetic/hg_fzsa "hist:$c"
done
append synthetic_events 'hg_fzsf long[] delta; s32 delta1; unsigned long[] st2; u64 at; u64 lat'
for c in \
	delta.stacktrace,delta1,delta:lat=delta1-delta1:st=delta1 \
	delta.stacktrace,delta1,delta delta.stacktrace,delta delta,delta \
	delta,delta.stacktrace delta1,delta1 delta1,delta1.hex \
	common_stacktrace,common_stacktrace delta.log2,delta delta1,delta \
	delta,delta1 delta.stacktrace,delta1 delta1,delta.stacktrace delta \
	delta,common_pid common_pid,delta delta.stacktrace,delta.stacktrace \
	delta.stacktrace,delta1,delta.stacktrace delta.log2 delta.log2,delta1 \
	delta1,delta.log2 delta.hex delta.hex,delta1 delta1,delta.hex \
	delta.sym,delta delta,st2 st2,delta delta.stacktrace,st2 delta,delta1,st2 \
	delta1,delta,delta1 delta.buckets=10,delta1 delta1,delta.buckets=10 \
	delta,delta.log2 delta.stacktrace,delta.log2 common_stacktrace,delta \
	common_stacktrace,delta1,delta delta,common_stacktrace \
	delta.stacktrace,common_stacktrace delta.stacktrace,delta1,common_stacktrace \
	delta1,delta1,delta delta1:vals=hitcount:x=delta delta1,delta:x=delta \
	delta,delta1:sort=delta delta.stacktrace:sort=delta \
	delta:sort=delta.stacktrace delta.hex:sort=delta delta.log2:sort=delta \
	delta.sym:sort=delta delta.stacktrace,delta1:sort=delta1,delta \
	delta,delta1:sort=delta.descending delta.buckets=4:sort=delta \
	delta.sym:sort=delta.sym \
	; do
	try synthetic/hg_fzsf "hist:keys=$c"
done
append synthetic_events 'hg_fzse u64 lat; pid_t pid'
for c in \
	'keys=lat:ts0=-lat+(lat/common_timestamp/pid):sort=lat.ascending:clear if common_pid == 100' \
	'keys=lat:ts0=-lat+(lat/common_timestamp/pid)' 'keys=lat:ts0=lat+(lat/pid)' \
	'keys=lat:ts0=lat+(pid)' 'keys=lat:ts0=(lat)' 'keys=lat:ts0=-(lat)' \
	'keys=lat:ts0=-lat+(lat)' 'keys=lat:ts0=lat+(lat/common_timestamp)' \
	'keys=lat:ts0=-lat+(nosuch/pid)' 'keys=lat:ts0=lat*(pid+lat)' \
	; do
	try synthetic/hg_fzse "hist:$c"
done
for c in \
	'keys=lat:ts0=-lat)' 'keys=lat:ts0=-xlat)' 'keys=lat:ts0=-lat' 'keys=lat:ts0=-(lat' \
	'keys=lat:ts0=-lat+(lat)' 'keys=lat:ts0=-xx(lat)' 'keys=lat:ts0=-(lat)+1' \
	'keys=lat:ts0=-lat*2)' 'keys=lat:ts0=-l(at)' 'keys=delta1:longername=-lat+(lat)' \
	'keys=lat:ts0=-lat+(at)' 'keys=lat:ts0=-)' 'keys=lat:ts0=-()' 'keys=lat:ts0=-(lat))' \
	'keys=lat:ts0=-xat)' 'keys=lat:vals=-lat+(lat)' 'keys=-lat+(lat)' \
	'keys=lat:ts0=-lat+(lat/at)' 'keys=lat:ts0=-lat+lat)' 'keys=lat:ts0=--lat)' \
	'keys=lat:ts0=-x)(' 'keys=lat:ts0=-xx(lat)+1' 'keys=lat:ts0=-((lat))' \
	'keys=lat:ts0=-)(lat' 'keys=lat:ts0=-)' 'keys=lat:ts0=-' 'keys=lat:ts0=-)(' \
	'keys=lat:ts0=-q(.x.lat)' 'keys=lat:ts0=-()(lat)' \
	; do
	try synthetic/hg_fzsf "hist:$c"
done
