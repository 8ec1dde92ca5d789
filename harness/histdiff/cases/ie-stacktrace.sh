# SPDX-License-Identifier: GPL-2.0
# A stack trace saved in a variable on hg_start (common_stacktrace and the
# legacy stacktrace) and passed to an unsigned long[] field of a synthetic
# event from hg_end; a histogram keyed on that field with and without
# .stacktrace; the synthetic event's trace output (offsets masked).
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_stk2 unsigned long[] stack; u32 id; u64 d'
trigger user_events/hg_start 'hist:keys=id:st=common_stacktrace,v0=val'
trigger user_events/hg_end 'hist:keys=id:s=$st,d=val-$v0:onmatch(user_events.hg_start).trace(hg_stk2,$s,id,$d)'
trigger synthetic/hg_stk2 'hist:keys=stack.stacktrace,id:vals=d:sort=id'
trigger synthetic/hg_stk2 'hist:keys=stack:vals=d'
echo 1 >events/synthetic/hg_stk2/enable
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist synthetic/hg_stk2 | sed -E 's/\+0x[0-9a-f]+\/0x[0-9a-f]+/+OFF/g'
trace | sed -E 's/\+0x[0-9a-f]+\/0x[0-9a-f]+/+OFF/g'
trigger user_events/hg_start 'hist:keys=tag:st=stacktrace'
trig user_events/hg_start
