# SPDX-License-Identifier: GPL-2.0
# Named histograms whose members differ: key types, sort keys, values,
# variables, and the same name in an instance.
# requires: dynamic_events user_events_data events/ftrace/print/hist instances
append dynamic_events 'u:hg_n32 u32 k;u64 v;u64 w'
append dynamic_events 'u:hg_n64 u64 k;u64 v;u32 w'
append dynamic_events 'u:hg_ns32 s32 k;u64 v;u64 w'
trigger user_events/hg_n32 'hist:name=shared1:keys=k:vals=v:sort=k'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=v:sort=k'
trigger user_events/hg_ns32 'hist:name=shared1:keys=k:vals=v:sort=k'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=v:sort=v'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=w:sort=k'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=v'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=v:sort=k:size=4096'
trigger user_events/hg_n64 'hist:name=shared1:keys=k.hex:vals=v:sort=k'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=v:sort=k:x=v'
trigger user_events/hg_n64 'hist:name=shared1:keys=k:vals=v:sort=k if k > 1'
trigger user_events/hg_n64 'hist:name=shared2:keys=k:vals=v:sort=k:x=v'
trigger user_events/hg_n32 'hist:name=shared2:keys=k:vals=v:sort=k:x=v'
trigger user_events/hg_n32 'hist:name=shared2:keys=k:vals=v:sort=k:y=v'
mkdir instances/hgn
trigger instances/hgn/events/user_events/hg_n32 'hist:name=shared1:keys=k:vals=v:sort=k'
trigger instances/hgn/events/user_events/hg_n64 'hist:name=shared1:keys=k:vals=v:sort=k'
gen comm=hgnamed user='hg_n32 u32 k;u64 v;u64 w' emit=1,10,1 emit=2*2,20,2 \
	user='hg_n64 u64 k;u64 v;u32 w' emit=3*3,30,3 \
	user='hg_ns32 s32 k;u64 v;u64 w' emit=4*-4,40,4
trig user_events/hg_n32
trig user_events/hg_n64
trig user_events/hg_ns32
hist user_events/hg_n32
hist user_events/hg_n64
hist instances/hgn/events/user_events/hg_n32
