# SPDX-License-Identifier: GPL-2.0
# Named triggers that differ only in their sort keys, made in different
# orders on one event, in an instance and on a second event; each
# scenario under a name of its own.
# requires: dynamic_events user_events_data events/ftrace/print/hist instances
UE_NO='hg_no u32 k;u64 v;s64 sv'
UE_NO2='hg_no2 u32 k;u64 v;s64 sv'
append dynamic_events "u:$UE_NO"
append dynamic_events "u:$UE_NO2"
mkdir instances/hgno
I=instances/hgno/events/user_events
# A: on the event, then its sort reversed, then in the instance.
trigger user_events/hg_no 'hist:name=na:keys=k:vals=v'
trigger user_events/hg_no 'hist:name=na:keys=k:vals=v:sort=v.descending'
trigger $I/hg_no 'hist:name=na:keys=k:vals=v:sort=k'
trigger $I/hg_no 'hist:name=na:keys=k:vals=v'
# B: in the instance first.
trigger $I/hg_no 'hist:name=nb:keys=k:vals=v'
trigger user_events/hg_no 'hist:name=nb:keys=k:vals=v:sort=v.descending'
trigger user_events/hg_no 'hist:name=nb:keys=k:vals=v:sort=k'
trigger user_events/hg_no 'hist:name=nb:keys=k:vals=v'
# C: a sort key first, then none.
trigger user_events/hg_no 'hist:name=nc:keys=k:vals=v:sort=v.descending'
trigger user_events/hg_no 'hist:name=nc:keys=k:vals=v'
trigger user_events/hg_no 'hist:name=nc:keys=k:vals=v:sort=v'
trigger $I/hg_no 'hist:name=nc:keys=k:vals=v:sort=v'
trigger $I/hg_no 'hist:name=nc:keys=k:vals=v:sort=v.descending'
# D: two sort keys, one of them reversed.
trigger user_events/hg_no 'hist:name=nd:keys=k:vals=v,sv:sort=v,sv'
trigger user_events/hg_no 'hist:name=nd:keys=k:vals=v,sv:sort=v,sv.descending'
trigger user_events/hg_no2 'hist:name=nd:keys=k:vals=v,sv:sort=sv,v'
# E: on a second event, then on the first.
trigger user_events/hg_no2 'hist:name=ne:keys=k:vals=v'
trigger user_events/hg_no 'hist:name=ne:keys=k:vals=v:sort=v.descending'
trigger user_events/hg_no 'hist:name=ne:keys=k:vals=v:sort=k'
trigger user_events/hg_no 'hist:name=ne:keys=k:vals=v'
# F: a signed value, sort on it.
trigger user_events/hg_no 'hist:name=nf:keys=k:vals=sv:sort=sv'
trigger user_events/hg_no 'hist:name=nf:keys=k:vals=sv:sort=sv.descending'
trigger $I/hg_no 'hist:name=nf:keys=k:vals=sv:sort=sv.descending'
gen comm=hgnorder user="$UE_NO" emit=1,10,-1 emit=2*2,20,-2 \
	user="$UE_NO2" emit=3*3,30,-3
trig user_events/hg_no
trig user_events/hg_no2
trig $I/hg_no
hist user_events/hg_no
hist $I/hg_no
