# SPDX-License-Identifier: GPL-2.0
# Removal rules: a histogram whose variable is referenced cannot be
# removed; a synthetic event in use cannot be deleted; after removing the
# referencing trigger both can go.
# requires: dynamic_events user_events_data synthetic_events error_log events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_busy u32 id; u64 delta'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_busy,id,$d)'
trigger synthetic/hg_busy 'hist:keys=id'
trigger user_events/hg_start '!hist:keys=id:v0=val'
trunc events/user_events/hg_start/trigger ''
append synthetic_events '!hg_busy'
append dynamic_events '-:hg_busy'
append dynamic_events '-:hg_start'
trig user_events/hg_start
show synthetic_events
trigger user_events/hg_end '!hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_busy,id,$d)'
append synthetic_events '!hg_busy'
trigger synthetic/hg_busy '!hist:keys=id'
append synthetic_events '!hg_busy'
trigger user_events/hg_start '!hist:keys=id:v0=val'
show synthetic_events
trig user_events/hg_start
trig user_events/hg_end
