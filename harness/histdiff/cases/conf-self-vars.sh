# SPDX-License-Identifier: GPL-2.0
# Variables a command reads before or after it defines them: a key, a
# value, a sort key or another variable reading "$x" where x is defined
# in the same command (an expression, a field, a constant), and which
# refusal is logged when one of them cannot be made.
# requires: dynamic_events user_events_data events/ftrace/print/hist
UE_SELF='hg_self u32 k;u64 v;s64 sv;u64 a;u64 b;u64 c'
append dynamic_events "u:$UE_SELF"
for c in 'hist:keys=k,$vc:vc=v*2' 'hist:keys=$vc:vc=v*2' \
	'hist:keys=$vc,k:vc=v*2:vals=$vc' 'hist:keys=k:vals=$vc:vc=v*2' \
	'hist:keys=k:vc=v*2,w=$vc+1:vals=$w' 'hist:keys=k:w=$vc+1,vc=v*2' \
	'hist:keys=k,$vc:vc=v' 'hist:keys=k,$vc.hex:vc=v*2' \
	'hist:keys=k,$vc:vc=sv*2' 'hist:keys=k,$vc:vc=$vc' \
	'hist:keys=k,$vc:vc=v*2:sort=$vc' 'hist:keys=k:vc=v*2:sort=vc' \
	'hist:keys=k,$vc:vc=v*2 if v > 1' 'hist:keys=k,$vc:vc=10' \
	'hist:keys=k,$vc:vc=v*2,vd=$vc*3' 'hist:keys=k,$vd:vc=v*2,vd=$vc*3' \
	'hist:keys=k,$vc:vc=common_cpu' 'hist:keys=k,$vc,$vd:vc=v*2,vd=a+b' \
	'hist:keys=k:x=b*2+c,kc=10,y=$x-$kc' 'hist:keys=k:x=b*2+c,kc=a,y=$x-$kc' \
	'hist:keys=k:y=$x-$kc,x=b*2+c,kc=a' 'hist:keys=k:x=b*2+c,y=$x-$nosuch' \
	'hist:keys=k:y=$nosuch-$x,x=b*2+c' 'hist:keys=k:x=b*2+c,kc=10' \
	'hist:keys=k:kc=10,x=b*2+c' 'hist:keys=k:x=b*2+nosuch,kc=10' \
	'hist:keys=k:x=b*2+c,kc=10,y=$x-$kc:vals=$y' \
	'hist:keys=k:vals=$y:x=b*2+c,y=$x-a' \
	'hist:keys=k,$y:x=b*2+c,y=$x-a' \
	'hist:keys=k,$vc:vc=v*2:onmax($vc).save(a)' \
	'hist:keys=k:vc=v*2:onmax($vc).save(a):vals=$vc' \
	'hist:keys=$vc+1:vc=v*2' 'hist:keys=k:vc=v*2,vd=-$vc' \
	'hist:keys=k:vc=v*2,vd=$vc' 'hist:keys=k:vc=-v,vd=$vc*2' \
	'hist:keys=k:vc=(v+a)*2,vd=$vc+1' 'hist:keys=$vc:vc=v.hex*2' \
	'hist:keys=k:vc=v*2,vd=$vc*$vc' 'hist:keys=k:vc=v,vd=$vc*2' \
	'hist:keys=k:vc=v-$vc' 'hist:keys=k:vc=sv.log2*2,vd=$vc+1' \
	'hist:keys=k:vc=v*2,vd=b+$vc' 'hist:keys=k,$vc:vc=10+v' \
	'hist:keys=k:vc=v*2,vd=$vc:vals=hitcount' \
	'hist:keys=k,$vc:vc=common_timestamp.usecs*2' \
	'hist:keys=k:vc=v/4,vd=$vc+1' 'hist:keys=k:vc=a*b*c,vd=$vc+1'; do
	try user_events/hg_self "$c"
done
trigger user_events/hg_self 'hist:keys=k,$vc:vc=v*2'
trigger user_events/hg_self 'hist:keys=$vk:vk=v*2:vals=a'
trigger user_events/hg_self 'hist:keys=k:vals=$w:v2=v*2,w=$v2+1'
trigger user_events/hg_self 'hist:keys=k,$vs:vs=sv*2'
trigger user_events/hg_self 'hist:keys=k:vals=$y:x=b*2+c,y=$x-a'
gen comm=hgself user="$UE_SELF" emit=1,5,-5,1,2,3 emit=2*1,6,-6,1,2,3 \
	emit=3*2,7,-7,10,20,30 emit=4*3,0,0,0,0,0
trig user_events/hg_self
hist user_events/hg_self
