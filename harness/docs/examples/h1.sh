# histogram.rst: keys, values, modifiers, the hist file
K=events/kmem/kmalloc
RD=events/syscalls/sys_enter_read
R=events/raw_syscalls/sys_enter
SW=events/sched/sched_switch
load() { ls -R /sys >/dev/null 2>&1; cat /proc/*/status >/dev/null 2>&1; }

ex kmalloc-format
c "sed -n '1,14p' $K/format"
echo "[...]"
ex_end

ex quick
c "echo 'hist:keys=call_site.sym:vals=bytes_req,bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"
load
c "cat $K/hist | head -14"
echo "[...]"
c "cat $K/hist | tail -5"
ex_end
ex quick-trigger
c "cat $K/trigger"
ex_end
c "echo '!hist:keys=call_site.sym:vals=bytes_req,bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"

ex raw-key
c "echo 'hist:keys=call_site:vals=bytes_req' >> $K/trigger"
load
c "cat $K/hist | head -10"
ex_end
c "echo '!hist:keys=call_site:vals=bytes_req' >> $K/trigger"

ex sym-offset
c "echo 'hist:keys=call_site.sym-offset:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"
load
c "cat $K/hist | sed -n '6,9p'"
ex_end
c "echo '!hist:keys=call_site.sym-offset:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"

ex execname
c "echo 'hist:keys=common_pid.execname,fd:vals=count:sort=common_pid,count.descending' >> $RD/trigger"
for n in 100 1000 10000; do dd if=/dev/zero of=/dev/null bs=$n count=4 2>/dev/null; done
load
c "cat $RD/hist"
ex_end
c "echo '!hist:keys=common_pid.execname,fd:vals=count:sort=common_pid,count.descending' >> $RD/trigger"

ex syscall
c "echo 'hist:keys=id.syscall:sort=hitcount.descending' >> $R/trigger"
load
c "cat $R/hist | head -14"
ex_end
c "echo '!hist:keys=id.syscall:sort=hitcount.descending' >> $R/trigger"

ex log2-buckets
c "echo 'hist:keys=count.log2:sort=count' >> $RD/trigger"
c "echo 'hist:keys=count.buckets=1000:sort=count' >> $RD/trigger"
for n in 1 10 100 500 1000 1500 2000 4096 5000 8192 10000; do dd if=/dev/zero of=/dev/null bs=$n count=3 2>/dev/null; done
c "cat $RD/trigger"
c "cat $RD/hist"
ex_end
c "echo '!hist:keys=count.log2:sort=count' >> $RD/trigger"
c "echo '!hist:keys=count.buckets=1000:sort=count' >> $RD/trigger"

ex hex-cpu
c "echo 'hist:keys=cpu,call_site.hex:vals=bytes_alloc.hex:sort=cpu,bytes_alloc.descending' >> $K/trigger"
load
c "cat $K/trigger"
c "cat $K/hist | sed -n '6,10p'"
ex_end
c "echo > $K/trigger"

ex string-key
c "echo 'hist:keys=next_comm:sort=hitcount.descending' >> $SW/trigger"
load; sleep 0.2
c "cat $SW/hist"
ex_end
c "echo '!hist:keys=next_comm:sort=hitcount.descending' >> $SW/trigger"

ex compound-string
c "echo 'hist:keys=prev_comm,next_comm,next_prio:sort=prev_comm,next_comm' >> $SW/trigger"
load; sleep 0.2
c "cat $SW/hist | head -12"
ex_end
c "echo '!hist:keys=prev_comm,next_comm,next_prio:sort=prev_comm,next_comm' >> $SW/trigger"

ex stacktrace
c "echo 'hist:keys=common_stacktrace:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"
load
c "cat $K/hist | head -24"
echo "[...]"
ex_end
c "echo > $K/trigger"

ex percent-graph
c "echo 'hist:keys=common_pid.execname:vals=count.percent,count.graph:sort=count.descending' >> $RD/trigger"
for n in 100 1000 10000; do dd if=/dev/zero of=/dev/null bs=$n count=4 2>/dev/null; done
head -c 50000 /dev/zero >/dev/null
load
c "cat $RD/hist"
ex_end
c "echo > $RD/trigger"

ex nohitcount
c "echo 'hist:keys=common_pid.execname:vals=count:sort=count.descending:nohitcount' >> $RD/trigger"
for n in 100 1000 10000; do dd if=/dev/zero of=/dev/null bs=$n count=4 2>/dev/null; done
c "cat $RD/trigger"
c "cat $RD/hist"
ex_end
c "echo > $RD/trigger"

ex timestamp-key
c "echo 'hist:keys=common_timestamp.usecs,common_cpu:vals=bytes_alloc:sort=common_timestamp' >> $K/trigger"
c "ls / >/dev/null"
c "cat $K/trigger"
c "cat $K/hist | head -9"
ex_end
c "echo > $K/trigger"
