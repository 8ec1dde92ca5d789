# histogram.rst: what this implementation adds (the '%' operator,
# common_comm, tables past 131072 entries, value statistics, log-linear
# buckets, interval reads, JSON)
K=events/kmem/kmalloc
load() { for i in 1 2 3 4 5; do ls -R /sys/kernel/tracing/events/sched > /dev/null; done; }

ex remainder-key
c "echo 'hist:keys=call_site%64' >> $K/trigger"
c "cat $K/trigger"
ex_end
c "echo '!hist:keys=call_site%64' >> $K/trigger"

ex common-comm
c "echo 'hist:keys=common_comm:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"
load; sleep 0.2
c "cat $K/hist"
ex_end
c "echo '!hist:keys=common_comm:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"

ex size-big
c "echo 'hist:keys=call_site,bytes_req:vals=bytes_alloc:size=1000000' >> $K/trigger"
c "cat $K/trigger"
c "grep table: $K/hist_debug"
ex_end
c "echo '!hist:keys=call_site,bytes_req:vals=bytes_alloc:size=1000000' >> $K/trigger"

ex value-stats
c "echo 'hist:keys=call_site.sym:vals=bytes_req.min,bytes_req.avg,bytes_req.max:sort=bytes_req.max.descending' >> $K/trigger"
load; sleep 0.2
c "head -n 12 $K/hist"
ex_end
c "echo '!hist:keys=call_site.sym:vals=bytes_req.min,bytes_req.avg,bytes_req.max:sort=bytes_req.max.descending' >> $K/trigger"

ex log-linear
c "echo 'hist:keys=bytes_req.log2=2:sort=bytes_req' >> $K/trigger"
load; sleep 0.2
c "cat $K/trigger"
c "head -n 18 $K/hist"
ex_end
c "echo '!hist:keys=bytes_req.log2=2:sort=bytes_req' >> $K/trigger"

ex interval
c "echo 'hist:keys=common_pid.execname:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"
load
c "head -n 8 $K/hist_interval"
c "cat $K/hist_interval"
load
c "grep -A3 Totals: $K/hist_interval"
c "for i in 1 2 3; do load; grep Hits: $K/hist_interval; sleep 1; done"
ex_end
c "echo '!hist:keys=common_pid.execname:vals=bytes_alloc:sort=bytes_alloc.descending' >> $K/trigger"

ex json
c "echo 'hist:keys=call_site.sym,bytes_req.log2=1:vals=bytes_alloc,bytes_req.max:sort=bytes_alloc.descending' >> $K/trigger"
load; sleep 0.2
c "head -n 4 $K/hist_json"
ex_end
c "echo '!hist:keys=call_site.sym,bytes_req.log2=1:vals=bytes_alloc,bytes_req.max:sort=bytes_alloc.descending' >> $K/trigger"
