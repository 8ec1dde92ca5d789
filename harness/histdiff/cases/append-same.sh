# SPDX-License-Identifier: GPL-2.0
# Appending a hist trigger with the spec of an existing one: the same spec
# again, the same keys with other values or sort, a spec differing only
# in size or in its filter.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v:vals=w'
trigger user_events/hg_spread 'hist:keys=v:vals=w'
trigger user_events/hg_spread 'hist:keys=v:vals=w:sort=hitcount'
trigger user_events/hg_spread 'hist:keys=v:vals=w:size=2048'
trigger user_events/hg_spread 'hist:keys=v:values=w:sort=hitcount:size=2048'
trigger user_events/hg_spread 'hist:keys=v:vals=w:sort=v'
trigger user_events/hg_spread 'hist:keys=v:vals=w:size=1024'
trigger user_events/hg_spread 'hist:keys=v:vals=w if v < 5'
trigger user_events/hg_spread 'hist:keys=v:vals=w if v < 5'
trigger user_events/hg_spread 'hist:keys=v:vals=hitcount,w'
trig user_events/hg_spread
spread_gen
hist user_events/hg_spread
