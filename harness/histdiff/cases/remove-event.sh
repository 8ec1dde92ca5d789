# SPDX-License-Identifier: GPL-2.0
# Removing an event that has a live hist trigger: a user_event and a
# synthetic event, through dynamic_events and synthetic_events, before
# and after the trigger goes; the forms of -: that find a user_event.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
spread_event
append synthetic_events 'hg_rm u32 a'
trigger user_events/hg_spread 'hist:keys=v'
trigger synthetic/hg_rm 'hist:keys=a'
append dynamic_events '-:hg_spread'
append dynamic_events '-:user_events/hg_spread'
append dynamic_events '!u:hg_spread'
append synthetic_events '!hg_rm'
append dynamic_events '-:hg_rm'
show dynamic_events
trigger user_events/hg_spread '!hist:keys=v'
trigger synthetic/hg_rm '!hist:keys=a'
append dynamic_events '-:hg_spread'
append dynamic_events '-:u:hg_spread'
append dynamic_events '-:hg_spread u32 v'
append dynamic_events '-:hg_rm'
show dynamic_events
append dynamic_events '-:hg_spread u32 v;u64 w;s32 neg'
show dynamic_events
spread_event
append dynamic_events '-:user_events/hg_spread u32 v; u64 w; s32 neg'
show dynamic_events
