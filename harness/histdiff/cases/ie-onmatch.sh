# SPDX-License-Identifier: GPL-2.0
# The classic pair: a variable saved on hg_start, referenced on hg_end
# matched by key, a delta sent to a synthetic event with onmatch().trace()
# and with the shorthand onmatch().NAME(); a histogram on the synthetic
# event; the trace buffer.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_delta u32 id; u64 delta; s32 code'
show synthetic_events
show events/synthetic/hg_delta/format
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_delta,id,$d,code)'
trigger synthetic/hg_delta 'hist:keys=id,delta:vals=code:sort=id,delta'
echo 1 >events/synthetic/hg_delta/enable
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist user_events/hg_start
hist user_events/hg_end
hist synthetic/hg_delta
trace
