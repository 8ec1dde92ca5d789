#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The main job, shown: wakeup latency of ping, measured by two histogram
# triggers that pass a timestamp from sched_waking to sched_switch and emit a
# synthetic event, and summarized by a histogram on that synthetic event.
# While features of the kernel are missing it says which and shows what it can.

cd /sys/kernel/tracing || exit 1

run()
{
	echo "# $*"
	eval "$@" || echo "#   -> failed (see error_log below)"
}

off=$(grep -v '^$' /harness/switched-off.txt | tr '\n' ' ')
if [ -n "$off" ]; then
	echo "Features switched off in this kernel (their files are not written yet):"
	echo "  $off"
fi

if [ -e synthetic_events ] && [ -e events/sched/sched_switch/hist ]; then
	echo "== wakeup latency of ping, in microseconds"
	run "echo 'wakeup_latency u64 lat; pid_t pid; int prio' >> synthetic_events"
	run "echo 'hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> events/sched/sched_waking/trigger"
	run "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,next_prio) if next_comm==\"ping\"' >> events/sched/sched_switch/trigger"
	run "echo 'hist:keys=pid,prio,lat:sort=pid,lat' >> events/synthetic/wakeup_latency/trigger"
	# Beyond stock: the same latencies as min/avg/max per priority, and
	# in log-linear buckets (four a power of two).
	run "echo 'hist:keys=prio:vals=lat.min,lat.avg,lat.max' >> events/synthetic/wakeup_latency/trigger"
	run "echo 'hist:keys=lat.log2=2:sort=lat' >> events/synthetic/wakeup_latency/trigger"
	run "ping -c 10 -i 0.2 127.0.0.1 >/dev/null"
	run "cat events/synthetic/wakeup_latency/hist"
	cat error_log
elif [ -e events/sched/sched_switch/hist ]; then
	echo "== no synthetic events: a histogram of context switches by task instead"
	run "echo 'hist:keys=next_comm:vals=hitcount:sort=hitcount.descending' >> events/sched/sched_switch/trigger"
	run "ping -c 10 -i 0.2 127.0.0.1 >/dev/null"
	run "cat events/sched/sched_switch/hist"
	cat error_log
else
	echo "== no histogram triggers yet: the raw events a histogram would aggregate"
	run "echo 'comm == \"ping\"' > events/sched/sched_waking/filter"
	run "echo 'next_comm == \"ping\"' > events/sched/sched_switch/filter"
	run "echo 1 > events/sched/sched_waking/enable"
	run "echo 1 > events/sched/sched_switch/enable"
	run "ping -c 3 -i 0.2 127.0.0.1 >/dev/null"
	run "echo 0 > tracing_on"
	run "grep -v '^#' trace | head -n 12"
fi
