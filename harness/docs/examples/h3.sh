# histogram.rst: variables, synthetic events, handlers and actions
WK=events/sched/sched_waking
SW=events/sched/sched_switch
P=events/ftrace/print

ex var-only
c "echo 'hist:keys=pid:ts0=common_timestamp.usecs' >> $WK/trigger"
sleep 0.2
c "cat $WK/trigger"
c "cat $WK/hist | head -9"
ex_end
c "echo '!hist:keys=pid:ts0=common_timestamp.usecs' >> $WK/trigger"

ex synth-define
c "echo 'wakeup_latency u64 lat; pid_t pid; int prio' >> synthetic_events"
c "cat synthetic_events"
c "cat events/synthetic/wakeup_latency/format"
ex_end

ex wakeup
c "echo 'hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,next_prio) if next_comm==\"ping\"' >> $SW/trigger"
c "echo 'hist:keys=pid,prio,lat:sort=pid,lat' >> events/synthetic/wakeup_latency/trigger"
c "echo 1 > events/synthetic/wakeup_latency/enable"
c "ping -c 5 -i 0.1 127.0.0.1 >/dev/null"
c "cat $WK/hist"
c "cat $SW/hist"
c "cat events/synthetic/wakeup_latency/hist"
c "grep wakeup_latency: trace"
ex_end
c "echo 0 > events/synthetic/wakeup_latency/enable"

ex busy
c "echo '!hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo '!wakeup_latency u64 lat; pid_t pid; int prio' >> synthetic_events"
ex_end

ex onmax-save
c "echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,next_prio) if next_comm==\"ping\"' >> $SW/trigger"
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmax(\$wakeup_lat).save(next_comm,prev_pid,prev_prio,prev_comm) if next_comm==\"ping\"' >> $SW/trigger"
c "ping -c 3 -i 0.1 127.0.0.1 >/dev/null"
c "cat $SW/hist"
ex_end
c "echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmax(\$wakeup_lat).save(next_comm,prev_pid,prev_prio,prev_comm) if next_comm==\"ping\"' >> $SW/trigger"

ex onmax-trace
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmax(\$wakeup_lat).trace(wakeup_latency,\$wakeup_lat,next_pid,next_prio) if next_comm==\"ping\"' >> $SW/trigger"
c "echo 1 > events/synthetic/wakeup_latency/enable"
c "echo > trace"
c "ping -c 3 -i 0.1 127.0.0.1 >/dev/null"
c "cat $SW/hist"
c "grep wakeup_latency: trace"
ex_end
c "echo 0 > events/synthetic/wakeup_latency/enable"
c "echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmax(\$wakeup_lat).trace(wakeup_latency,\$wakeup_lat,next_pid,next_prio) if next_comm==\"ping\"' >> $SW/trigger"
c "echo '!hist:keys=pid,prio,lat:sort=pid,lat' >> events/synthetic/wakeup_latency/trigger"
c "echo '!hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo '!wakeup_latency u64 lat; pid_t pid; int prio' >> synthetic_events"

ex field-var
c "echo 'wakeup_latency u64 lat; pid_t pid; int prio; char comm[16]' >> synthetic_events"
c "echo 'hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,sched.sched_waking.prio,next_comm) if next_comm==\"ping\"' >> $SW/trigger"
c "echo 'hist:keys=comm,prio,lat:sort=lat' >> events/synthetic/wakeup_latency/trigger"
c "ping -c 3 -i 0.1 127.0.0.1 >/dev/null"
c "cat $WK/trigger"
c "cat events/synthetic/wakeup_latency/hist"
ex_end
ex field-var-gone
c "echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,sched.sched_waking.prio,next_comm) if next_comm==\"ping\"' >> $SW/trigger"
c "cat $WK/trigger"
ex_end
c "echo '!hist:keys=comm,prio,lat:sort=lat' >> events/synthetic/wakeup_latency/trigger"
c "echo '!hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo > synthetic_events"

ex onchange-snapshot
c "echo 'hist:keys=comm:newprio=prio:onchange(\$newprio).save(comm,prio):onchange(\$newprio).snapshot() if comm==\"ping\"' >> $WK/trigger"
c "echo 1 > events/sched/enable"
c "ping -c 2 -i 0.1 127.0.0.1 >/dev/null"
c "nice -n 5 ping -c 2 -i 0.1 127.0.0.1 >/dev/null"
c "echo 0 > events/sched/enable"
c "cat $WK/hist"
c "grep 'sched_waking: comm=ping' snapshot | tail -1"
ex_end
c "echo > $WK/trigger; echo 0 > snapshot; echo > trace"

ex marker-latency
c "echo 'latency u64 lat' >> synthetic_events"
c "echo 'hist:keys=common_pid:ts0=common_timestamp.usecs if buf == \"start\"' >> $P/trigger"
c "echo 'hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0:onmatch(ftrace.print).latency(\$lat) if buf == \"end\"' >> $P/trigger"
c "echo 'hist:keys=lat:sort=lat' >> events/synthetic/latency/trigger"
c "(echo -n start > trace_marker; sleep 0.1; echo -n end > trace_marker)"
c "(echo -n start > trace_marker; sleep 0.3; echo -n end > trace_marker; echo -n end > trace_marker)"
c "cat events/synthetic/latency/hist"
c "cat $P/hist | tail -11"
ex_end
c "echo '!hist:keys=lat:sort=lat' >> events/synthetic/latency/trigger"
c "echo '!hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0:onmatch(ftrace.print).latency(\$lat) if buf == \"end\"' >> $P/trigger"
c "echo '!hist:keys=common_pid:ts0=common_timestamp.usecs if buf == \"start\"' >> $P/trigger"
c "echo > synthetic_events"

ex stack-synth
c "echo 's:wake_lat pid_t pid; u64 delta; unsigned long[] stack;' >> dynamic_events"
c "echo 'hist:keys=next_pid:ts=common_timestamp.usecs,st=common_stacktrace if prev_state == 1 || prev_state == 2' >> $SW/trigger"
c "echo 'hist:keys=prev_pid:delta=common_timestamp.usecs-\$ts,s=\$st:onmax(\$delta).trace(wake_lat,prev_pid,\$delta,\$s)' >> $SW/trigger"
c "echo 1 > events/synthetic/wake_lat/enable"
c "sleep 0.5"
c "grep -A8 -m1 wake_lat: trace"
ex_end
c "echo 0 > events/synthetic/wake_lat/enable"
c "echo '!hist:keys=prev_pid:delta=common_timestamp.usecs-\$ts,s=\$st:onmax(\$delta).trace(wake_lat,prev_pid,\$delta,\$s)' >> $SW/trigger"
c "echo '!hist:keys=next_pid:ts=common_timestamp.usecs,st=common_stacktrace if prev_state == 1 || prev_state == 2' >> $SW/trigger"
c "echo '-:wake_lat' >> dynamic_events"

ex expr-vars
c "echo 'hist:keys=common_pid:t0=common_timestamp.usecs' >> events/syscalls/sys_enter_read/trigger"
c "echo 'hist:keys=common_pid:dt=common_timestamp.usecs-\$t0,kb=ret/1024,neg=-(ret*2)' >> events/syscalls/sys_exit_read/trigger"
c "cat events/syscalls/sys_exit_read/trigger"
ex_end
c "echo > events/syscalls/sys_exit_read/trigger"
c "echo > events/syscalls/sys_enter_read/trigger"
