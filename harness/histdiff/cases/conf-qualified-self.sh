# SPDX-License-Identifier: GPL-2.0
# References qualified with the event the trigger itself is on, to a
# variable another trigger of that event defines, beside fields and
# variables of the trigger's own: how the trigger file shows them back.
# requires: dynamic_events user_events_data events/ftrace/print/hist
UE_VMA='vma u32 k;u64 ww;u64 xx'
append dynamic_events "u:$UE_VMA"
trigger user_events/vma 'hist:keys=k:yy=xx'
for c in 'hist:keys=k:r3=ww+user_events.vma.$yy' \
	'hist:keys=k:r3=user_events.vma.$yy+ww' \
	'hist:keys=k:r3=user_events.vma.$yy' \
	'hist:keys=k:r3=ww-user_events.vma.$yy*2' \
	'hist:keys=k:r3=ww+user_events.vma.$yy:vals=$r3' \
	'hist:keys=k:r3=ww+user_events.vma.$yy,r4=$r3+1' \
	'hist:keys=k:vals=user_events.vma.$yy' \
	'hist:keys=k:ww2=ww,r3=$ww2+user_events.vma.$yy' \
	'hist:keys=k:r3=ww+user_events.vma.$yy:onmax($r3).save(xx)'; do
	try user_events/vma "$c"
done
trigger user_events/vma 'hist:keys=k:r3=ww+user_events.vma.$yy,r5=user_events.vma.$yy'
gen comm=hgvma user="$UE_VMA" emit=1,10,5 emit=2*2,20,7
trig user_events/vma
hist user_events/vma
