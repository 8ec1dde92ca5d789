# histogram.rst: managing triggers, named histograms, enable_hist, the
# trace_marker event, the table size
K=events/kmem/kmalloc
RD=events/syscalls/sys_enter_read
WR=events/syscalls/sys_enter_write
P=events/ftrace/print
load() { ls -R /sys >/dev/null 2>&1; cat /proc/*/status >/dev/null 2>&1; }

ex filter
c "echo 'hist:keys=call_site.sym:vals=bytes_req:sort=bytes_req.descending if bytes_req >= 1024' >> $K/trigger"
load
c "cat $K/hist"
ex_end
c "echo > $K/trigger"

R=events/raw_syscalls/sys_enter
ex size-drop
c "echo 'hist:keys=common_pid:size=100' >> $R/trigger"
c "cat $R/trigger"
c "for i in \$(seq 200); do /bin/true; done"
c "cat $R/hist | tail -4"
ex_end
c "echo > $R/trigger"

ex two-tables
c "echo 'hist:keys=fd:vals=count' >> $RD/trigger"
c "echo 'hist:keys=count.log2:vals=hitcount' >> $RD/trigger"
c "head -c 3000 /dev/zero >/dev/null"
c "cat $RD/trigger"
c "cat $RD/hist"
ex_end
c "echo > $RD/trigger"

ex pause-cont-clear
c "echo 'hist:keys=common_pid.execname:vals=count' >> $RD/trigger"
c "head -c 1000 /dev/zero >/dev/null"
c "echo 'hist:keys=common_pid.execname:vals=count:pause' >> $RD/trigger"
c "cat $RD/trigger"
c "head -c 2000 /dev/zero >/dev/null"
c "cat $RD/hist"
c "echo 'hist:keys=common_pid.execname:vals=count:cont' >> $RD/trigger"
c "head -c 3000 /dev/zero >/dev/null"
c "cat $RD/hist"
c "echo 'hist:keys=common_pid.execname:vals=count:clear' >> $RD/trigger"
c "cat $RD/hist"
ex_end

ex exists
c "echo 'hist:keys=common_pid.execname:vals=count' >> $RD/trigger"
c "cat error_log"
ex_end
c "echo > error_log"

ex remove
c "echo '!hist:keys=common_pid.execname:vals=count' >> $RD/trigger"
c "cat $RD/trigger"
c "echo 'hist:keys=fd' >> $RD/trigger"
c "echo 'hist:keys=count' >> $RD/trigger"
c "echo > $RD/trigger"
c "cat $RD/trigger"
ex_end

ex named
c "echo 'hist:name=rw:keys=common_pid.execname,fd:vals=count:sort=common_pid,fd' >> $RD/trigger"
c "echo 'hist:name=rw:keys=common_pid.execname,fd:vals=count:sort=common_pid,fd' >> $WR/trigger"
c "dd if=/dev/zero of=/dev/null bs=700 count=2 2>/dev/null"
c "cat $RD/hist"
c "cat $WR/hist"
ex_end
ex named-mismatch
c "echo 'hist:name=rw:keys=common_pid.execname:vals=count' >> $WR/trigger"
c "cat error_log"
ex_end
c "echo > error_log"
c "echo '!hist:name=rw:keys=common_pid.execname,fd:vals=count:sort=common_pid,fd' >> $RD/trigger"
c "echo '!hist:name=rw:keys=common_pid.execname,fd:vals=count:sort=common_pid,fd' >> $WR/trigger"

EX=events/sched/sched_process_exec
EXIT=events/sched/sched_process_exit
ex enable-hist
c "echo 'hist:keys=call_site.sym:vals=bytes_alloc:sort=bytes_alloc.descending:pause' >> $K/trigger"
c "echo 'enable_hist:kmem:kmalloc if filename==\"/bin/ls\"' >> $EX/trigger"
c "echo 'disable_hist:kmem:kmalloc if comm==\"ls\"' >> $EXIT/trigger"
c "cat $EX/trigger $EXIT/trigger"
c "ls / >/dev/null"
c "cat $K/trigger"
c "cat $K/hist"
ex_end
c "echo > $EX/trigger; echo > $EXIT/trigger; echo > $K/trigger"

ex marker
c "echo 'hist:keys=common_pid.execname,ip.sym:vals=hitcount if buf ~ \"*error*\"' >> $P/trigger"
c "echo 'disk error on sda' > trace_marker"
c "echo 'all fine' > trace_marker"
c "echo 'error: retrying' > trace_marker"
c "cat $P/hist"
ex_end
c "echo > $P/trigger"
