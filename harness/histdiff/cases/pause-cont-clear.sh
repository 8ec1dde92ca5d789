# SPDX-License-Identifier: GPL-2.0
# pause, cont/continue and clear on a live trigger, and a trigger created
# paused; the trigger file shows the state.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v:vals=w'
trigger user_events/hg_spread 'hist:keys=w:pause'
trig user_events/hg_spread
gen comm=hgp user="$UE_SPREAD" emit=2*1,1,1
hist user_events/hg_spread
trigger user_events/hg_spread 'hist:keys=v:vals=w:pause'
trigger user_events/hg_spread 'hist:keys=w:cont'
trig user_events/hg_spread
gen comm=hgp user="$UE_SPREAD" emit=3*2,2,2
hist user_events/hg_spread
trigger user_events/hg_spread 'hist:keys=v:vals=w:continue'
trigger user_events/hg_spread 'hist:keys=w:clear'
trig user_events/hg_spread
hist user_events/hg_spread
gen comm=hgp user="$UE_SPREAD" emit=4*3,3,3
hist user_events/hg_spread
trigger user_events/hg_spread 'hist:keys=v:vals=w:pause:clear'
trig user_events/hg_spread
hist user_events/hg_spread
trigger user_events/hg_spread 'hist:keys=v:vals=w:pause:cont'
trigger user_events/hg_spread 'hist:keys=nosuch:clear'
trigger user_events/hg_spread 'hist:keys=v:clear'
trig user_events/hg_spread
