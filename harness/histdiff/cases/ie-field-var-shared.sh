# SPDX-License-Identifier: GPL-2.0
# A field of the matching event passed to trace() without a variable: a
# histogram with the variable synthetic_FIELD is made on that event. Two
# triggers read it; which of their removals takes it away, and whether
# the event's own trigger can go while it is there. Stock leaves it
# behind once both are gone (its removal WARNs in stock's code when the
# second reader is still there), as a trigger the user can remove.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_fs u32 id; u64 sval'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trigger user_events/hg_end 'hist:keys=id:e=val+$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trig user_events/hg_start
trig user_events/hg_end
trigger user_events/hg_end '!hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trig user_events/hg_start
trigger user_events/hg_start '!hist:keys=id:v0=val'
trigger user_events/hg_end '!hist:keys=id:e=val+$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trig user_events/hg_start
trigger user_events/hg_start '!hist:keys=id:v0=val'
trig user_events/hg_start
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trig user_events/hg_start
echo 1 >events/synthetic/hg_fs/enable
pairs_gen
trace
trigger user_events/hg_end '!hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_fs,id,user_events.hg_start.val)'
trig user_events/hg_start
trigger user_events/hg_start '!hist:keys=id:synthetic_val=val'
trigger user_events/hg_start '!hist:keys=id:v0=val'
trig user_events/hg_start
