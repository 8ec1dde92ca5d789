# SPDX-License-Identifier: GPL-2.0
# name=: a histogram shared by two events with the same key and value
# fields, both hist files showing the one table; specs that do not match
# the named one; removing one of the two.
# requires: dynamic_events user_events_data events/ftrace/print/hist
pairs_event
spread_event
trigger user_events/hg_start 'hist:name=shared:keys=id:vals=val'
trigger user_events/hg_end 'hist:name=shared:keys=id:vals=val'
trigger user_events/hg_spread 'hist:name=shared:keys=v:vals=w'
trigger user_events/hg_end 'hist:name=shared:keys=id:vals=val:sort=val'
trigger user_events/hg_end 'hist:name=shared:keys=id:vals=code'
trigger user_events/hg_end 'hist:name=other:keys=id:vals=hitcount'
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist user_events/hg_start
hist user_events/hg_end
trigger user_events/hg_start '!hist:name=shared:keys=id:vals=val'
trig user_events/hg_start
hist user_events/hg_end
