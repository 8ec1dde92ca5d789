# SPDX-License-Identifier: GPL-2.0
# Truncating dynamic_events while one event cannot go: a synthetic event
# that is only enabled passes the check made before anything is deleted,
# so the events before it in the list are deleted and the truncation
# stops at it (-EBUSY); an enabled user event, or one with a trigger, is
# found by that check, and nothing is deleted. Found by make covfuzz-bulk
# (harness/fuzz/README.md).
# requires: dynamic_events user_events_data synthetic_events
append dynamic_events 'u:hg_ta u32 a'
append dynamic_events 'u:hg_tb u32 b'
append synthetic_events 'hg_ts u32 x'
append dynamic_events 'u:hg_tc u32 c'
append events/synthetic/hg_ts/enable 1
trunc dynamic_events ''
show dynamic_events
trunc synthetic_events ''
show dynamic_events
append events/synthetic/hg_ts/enable 0
append dynamic_events 'u:hg_ta u32 a'
append synthetic_events 'hg_ts2 u32 y'
append events/user_events/hg_ta/enable 1
trunc dynamic_events ''
show dynamic_events
append events/user_events/hg_ta/enable 0
trigger user_events/hg_tc 'hist:keys=c'
trunc synthetic_events ''
show dynamic_events
trunc dynamic_events ''
show dynamic_events
trigger user_events/hg_tc '!hist:keys=c'
trunc dynamic_events ''
show dynamic_events
