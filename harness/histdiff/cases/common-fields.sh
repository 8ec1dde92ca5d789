# SPDX-License-Identifier: GPL-2.0
# The common fields as keys: common_pid, common_pid.execname, common_cpu
# (histgen pinned to CPU 1 then 0, a second one to CPU 1), common_flags, common_preempt_count,
# common_type, and the comm of several processes. The reschedule bits of
# common_flags are timing and are masked (sched_flags).
# requires: dynamic_events user_events_data events/ftrace/print/hist
# cpus: all
spread_event
trigger user_events/hg_spread 'hist:keys=common_pid.execname'
trigger user_events/hg_spread 'hist:keys=common_cpu:vals=v'
trigger user_events/hg_spread 'hist:keys=cpu:vals=v'
trigger user_events/hg_spread 'hist:keys=common_pid'
trigger user_events/hg_spread 'hist:keys=common_preempt_count,common_flags.hex'
trigger user_events/hg_spread 'hist:keys=common_type'
trigger user_events/hg_spread 'hist:keys=common_pid.hex'
gen comm=hgcpu cpu=1 user="$UE_SPREAD" emit=2*1,1,1 cpu=0 emit=3*2,2,2
P1=$HG_PID
gen comm=hgcpu-other cpu=1 user="$UE_SPREAD" emit=4*3,3,3
trig user_events/hg_spread
hist user_events/hg_spread | sched_flags | sed -E "s/(common_pid:) +$P1\\b/\\1 PID1/g; s/(common_pid: .{16}\\[) *$P1\\]/\\1PID1]/g; s/(common_type: +)[0-9]+/\\1N/; s/(common_pid: )[0-9a-f]+ }/\\1HEXPID }/"
