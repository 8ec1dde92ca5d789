# SPDX-License-Identifier: GPL-2.0
# A named trigger joined again on its own event with a different sort
# order, size, value, filter or key modifier, and the same name used on
# that event in an instance and on a second event.
# requires: dynamic_events user_events_data events/ftrace/print/hist instances
UE_NM='hg_nm u32 k;u64 v;u64 w'
UE_NM2='hg_nm2 u32 k;u64 v;u64 w'
append dynamic_events "u:$UE_NM"
append dynamic_events "u:$UE_NM2"
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:sort=v.descending'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:sort=v'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:sort=hitcount'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:sort=k'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:size=4096'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=w'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v if k > 1'
trigger user_events/hg_nm 'hist:name=shared1:keys=k.hex:vals=v'
trigger user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:pause'
trigger user_events/hg_nm2 'hist:name=shared1:keys=k:vals=v:sort=v.descending'
trigger user_events/hg_nm2 'hist:name=shared1:keys=k:vals=v:sort=k'
mkdir instances/hgn2
trigger instances/hgn2/events/user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:sort=k'
trigger instances/hgn2/events/user_events/hg_nm 'hist:name=shared1:keys=k:vals=v'
trigger instances/hgn2/events/user_events/hg_nm 'hist:name=shared1:keys=k:vals=v:sort=v.descending'
trigger instances/hgn2/events/user_events/hg_nm 'hist:name=shared1:keys=k:vals=w'
trigger instances/hgn2/events/user_events/hg_nm 'hist:name=shared3:keys=k:vals=v'
trigger user_events/hg_nm 'hist:name=shared3:keys=k:vals=v:sort=k'
trigger user_events/hg_nm 'hist:name=shared3:keys=k:vals=v'
gen comm=hgnamed user="$UE_NM" emit=1,10,1 emit=2*2,20,2 \
	user="$UE_NM2" emit=3*3,30,3
trig user_events/hg_nm
trig user_events/hg_nm2
trig instances/hgn2/events/user_events/hg_nm
hist user_events/hg_nm
hist user_events/hg_nm2
hist instances/hgn2/events/user_events/hg_nm
