# histogram-design.rst: hist_debug
K=events/kmem/kmalloc
WK=events/sched/sched_waking
SW=events/sched/sched_switch

ex dbg-kmalloc
c "echo 'hist:keys=common_pid,call_site.sym:values=bytes_req,bytes_alloc,hitcount' >> $K/trigger"
c "cat $K/hist_debug"
ex_end
ex dbg-kmalloc-hist
c "ls >/dev/null"
c "cat $K/hist | head -8"
ex_end
c "echo > $K/trigger"

ex dbg-pair-setup
c "echo 'wakeup_latency u64 lat; pid_t pid; char comm[16]' >> synthetic_events"
c "echo 'hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,next_comm) if next_comm==\"ping\"' >> $SW/trigger"
ex_end
ex dbg-waking
c "cat $WK/hist_debug"
ex_end
ex dbg-switch
c "cat $SW/hist_debug"
ex_end
c "echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,next_comm) if next_comm==\"ping\"' >> $SW/trigger"

ex dbg-fieldvar
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,sched.sched_waking.comm) if next_comm==\"ping\"' >> $SW/trigger"
c "cat $WK/trigger"
c "cat $WK/hist_debug | sed -n '/synthetic_comm/,\$p'"
c "cat $SW/hist_debug | sed -n '/program:/,\$p'"
ex_end
c "echo '!hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).wakeup_latency(\$wakeup_lat,next_pid,sched.sched_waking.comm) if next_comm==\"ping\"' >> $SW/trigger"

ex dbg-save
c "echo 'hist:keys=next_pid:wakeup_lat=common_timestamp.usecs-\$ts0:onmax(\$wakeup_lat).save(next_comm,prev_pid) if next_comm==\"ping\"' >> $SW/trigger"
c "cat $SW/hist_debug | sed -n '/n_vals/,/table:/p;/program:/,\$p'"
ex_end
c "echo > $SW/trigger"

ex dbg-expr
c "echo 'hist:keys=next_comm,prev_state.hex:d=next_prio-prev_prio,p=-(next_prio*2)' >> $SW/trigger"
c "cat $SW/hist_debug"
ex_end
c "echo > $SW/trigger"
c "echo '!hist:keys=pid:ts0=common_timestamp.usecs if comm==\"ping\"' >> $WK/trigger"
c "echo > synthetic_events"
