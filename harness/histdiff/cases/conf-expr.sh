# SPDX-License-Identifier: GPL-2.0
# Expressions as stock computes them: division by a constant, signed
# division, modifiers on operands, and which duplicate triggers it finds.
# requires: dynamic_events user_events_data events/ftrace/print/hist synthetic_events
append dynamic_events 'u:hg_ex u32 kk;u64 vv;u64 ww;s64 sv;s32 sw'
append synthetic_events 'hg_exs u64 a;u64 b;u64 c;u64 d;u64 e;s64 f;s64 g'
trigger user_events/hg_ex 'hist:keys=kk:cx=10/3,dx=vv/3*3,ex=vv/7,hx=vv/1000,ix=vv/1024,fx=sv/2,gx=sw/3:onmatch(user_events.hg_ex).hg_exs($cx,$dx,$ex,$hx,$ix,$fx,$gx)'
trigger user_events/hg_ex 'hist:keys=kk:vals=vv/3,sv/2,sv/4,vv*3/7'
for c in 'hist:keys=kk:a=vv.log2+ww' 'hist:keys=kk:a=vv.buckets=2+ww' \
	'hist:keys=kk:a=vv.hex+ww' 'hist:keys=kk:a=vv.usecs+ww' \
	'hist:keys=kk:a=ww+vv.log2' 'hist:keys=kk:vals=vv.log2+ww' \
	'hist:keys=kk:a=vv.sym+ww' 'hist:keys=kk:a=vv.execname+ww' \
	'hist:keys=kk:a=vv/0' 'hist:keys=kk:a=vv/(0)' 'hist:keys=kk:a=vv/ww'; do
	try user_events/hg_ex "$c"
done
trigger user_events/hg_ex 'hist:keys=vv.buckets=10'
trigger user_events/hg_ex 'hist:keys=vv.buckets=1000000'
trigger user_events/hg_ex 'hist:keys=vv.buckets=20'
trigger user_events/hg_ex 'hist:keys=vv.log2:vals=ww'
trigger user_events/hg_ex 'hist:keys=vv.hex:vals=ww'
trigger user_events/hg_ex 'hist:keys=vv:vals=ww.hex'
echo 1 >events/synthetic/hg_exs/enable
gen comm=hgex user='hg_ex u32 kk;u64 vv;u64 ww;s64 sv;s32 sw' \
	emit=1,10,1,-10,-10 emit=2*2,1000000,2,-7,7 emit=3*3,18446744073709551615,3,-9223372036854775808,-2147483648
trig user_events/hg_ex
hist user_events/hg_ex
trace
