# SPDX-License-Identifier: GPL-2.0
# Variables: on a value field, on a key, several on one trigger, a
# constant, an expression; how the trigger and hist files show them.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_start 'hist:keys=id:v1=val,t1=tag:vals=hitcount'
trigger user_events/hg_start 'hist:keys=kid=id:vals=val'
trigger user_events/hg_start 'hist:keys=id:c=1000,e=val*2+$c'
trigger user_events/hg_start 'hist:keys=id:vals=val:cpu0=common_cpu,ts0=common_timestamp'
trigger user_events/hg_start 'hist:keys=tag:dt=dtag'
pairs_gen
trig user_events/hg_start
hist user_events/hg_start
