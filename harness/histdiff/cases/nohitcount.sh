# SPDX-License-Identifier: GPL-2.0
# nohitcount (and NOHC): hitcount left out of the output; with only
# hitcount as a value (refused), with .percent and .graph values, sorting.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v:vals=w:nohitcount'
trigger user_events/hg_spread 'hist:keys=v:vals=w.percent,w.graph:NOHC:sort=v'
trigger user_events/hg_spread 'hist:keys=v:nohitcount'
trigger user_events/hg_spread 'hist:keys=v:vals=hitcount:nohitcount'
trigger user_events/hg_spread 'hist:keys=v:vals=hitcount.percent:nohitcount'
trigger user_events/hg_spread 'hist:keys=w:vals=v:nohitcount:sort=hitcount'
spread_gen
trig user_events/hg_spread
hist user_events/hg_spread
