# SPDX-License-Identifier: GPL-2.0
# The .log2 modifier on keys, unsigned and signed, and on a value.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v.log2'
trigger user_events/hg_spread 'hist:keys=w.log2:vals=v'
trigger user_events/hg_spread 'hist:keys=neg.log2'
trigger user_events/hg_spread 'hist:keys=v:vals=w.log2'
spread_gen
trig user_events/hg_spread
hist user_events/hg_spread
