# SPDX-License-Identifier: GPL-2.0
# Removing triggers with !hist: the exact spec, the spec without defaults,
# with a filter left out, a spec that matches none, and truncating the
# trigger file.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v'
trigger user_events/hg_spread 'hist:keys=w:vals=v'
trigger user_events/hg_spread 'hist:keys=neg if v > 3'
trigger user_events/hg_spread 'hist:keys=v,w:sort=w'
trig user_events/hg_spread
trigger user_events/hg_spread '!hist:keys=v'
trigger user_events/hg_spread '!hist:keys=w:vals=hitcount,v:sort=hitcount:size=2048'
trigger user_events/hg_spread '!hist:keys=neg'
trigger user_events/hg_spread '!hist:keys=nosuch'
trigger user_events/hg_spread '!hist:keys=v'
trig user_events/hg_spread
trunc events/user_events/hg_spread/trigger ''
trig user_events/hg_spread
show events/user_events/hg_spread/hist
