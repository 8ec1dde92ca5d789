# SPDX-License-Identifier: GPL-2.0
# References qualified with the event the trigger itself is on: to a
# variable another trigger of that event defines, and to one the same
# command defines, beside fields and variables of the command's own; how
# the trigger file shows them back.
# requires: dynamic_events user_events_data events/ftrace/print/hist
UE_VMA='vma u32 k;u64 ww;u64 xx'
append dynamic_events "u:$UE_VMA"
trigger user_events/vma 'hist:keys=k:yy=xx'
trigger user_events/vma 'hist:keys=k:r1=ww+user_events.vma.$yy'
trigger user_events/vma 'hist:keys=k:r2=user_events.vma.$yy+ww'
trigger user_events/vma 'hist:keys=k:r3=user_events.vma.$yy'
trigger user_events/vma 'hist:keys=k:r4=ww-user_events.vma.$yy*2,r5=$r4+1'
trigger user_events/vma 'hist:keys=k:vals=user_events.vma.$yy'
trigger user_events/vma 'hist:keys=k:w6=ww,r6=$w6+user_events.vma.$yy'
trigger user_events/vma 'hist:keys=k:z7=xx,r7=ww+user_events.vma.$z7'
trigger user_events/vma 'hist:keys=k:z8=xx*2,r8=ww+user_events.vma.$z8'
trigger user_events/vma 'hist:keys=k:r9=ww+user_events.vma.$z9,z9=xx'
trigger user_events/vma 'hist:keys=k:z10=xx:vals=user_events.vma.$z10'
trigger user_events/vma 'hist:keys=k,user_events.vma.$z11:z11=xx'
trigger user_events/vma 'hist:keys=k:z12=xx,r12=ww+user_events.vma.$z12:onmax($r12).save(ww)'
trigger user_events/vma 'hist:keys=k:z13=$yy,r13=ww+user_events.vma.$z13'
trigger user_events/vma 'hist:keys=k:z14=$yy+1,r14=ww+user_events.vma.$z14'
trigger user_events/vma 'hist:keys=k:z15=$yy,r15=ww+$z15'
trigger user_events/vma 'hist:keys=k:z16=common_timestamp,r16=ww+user_events.vma.$z16'
append dynamic_events 'u:vmb u32 k;u64 t'
trigger user_events/vmb 'hist:keys=k:t0=t'
trigger user_events/vma 'hist:keys=k:z17=$t0-xx,r17=ww+user_events.vma.$z17'
trigger user_events/vma 'hist:keys=k:z18=$t0-xx,r18=ww+$z18'
trigger user_events/vma 'hist:keys=k:z19=xx-$t0,r19=ww+user_events.vma.$z19'
gen comm=hgvma user="$UE_VMA" emit=1,10,5 emit=2*2,20,7
trig user_events/vma
hist user_events/vma
