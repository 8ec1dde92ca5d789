# SPDX-License-Identifier: GPL-2.0
# Values that are expressions over fields and constants.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v:vals=w*2'
trigger user_events/hg_spread 'hist:keys=v:vals=x=w+v'
trigger user_events/hg_spread 'hist:keys=v:vals=w/3,w-v,v*1000'
trigger user_events/hg_spread 'hist:keys=v:vals=(w+1)*2'
trigger user_events/hg_spread 'hist:keys=v:vals=w.hex*2'
trigger user_events/hg_spread 'hist:keys=v:vals=w/0'
trigger user_events/hg_spread 'hist:keys=v:vals=neg*-1'
trigger user_events/hg_spread 'hist:keys=v:vals=neg*2'
trigger user_events/hg_spread 'hist:keys=w*2'
trigger user_events/hg_spread 'hist:keys=v:vals=2'
spread_gen
trig user_events/hg_spread
hist user_events/hg_spread
