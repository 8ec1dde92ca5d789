# SPDX-License-Identifier: GPL-2.0
# .percent and .graph on values and on hitcount, several together, with
# sorting, and on a key (refused).
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v:vals=hitcount.percent'
trigger user_events/hg_spread 'hist:keys=v:vals=hitcount.graph'
trigger user_events/hg_spread 'hist:keys=v:vals=w.percent,hitcount.graph:sort=v'
trigger user_events/hg_spread 'hist:keys=v.buckets=4:vals=hitcount.percent,w.graph,v'
trigger user_events/hg_spread 'hist:keys=v:vals=w.percent:sort=w.percent'
trigger user_events/hg_spread 'hist:keys=v.percent'
trigger user_events/hg_spread 'hist:keys=v.graph'
trigger user_events/hg_spread 'hist:keys=v:vals=neg.percent'
spread_gen
trig user_events/hg_spread
hist user_events/hg_spread
