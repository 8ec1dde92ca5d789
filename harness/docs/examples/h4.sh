# histogram.rst: errors
RD=events/syscalls/sys_enter_read
XR=events/syscalls/sys_exit_read
K=events/kmem/kmalloc
err() { echo > error_log; c "echo '$2' >> $1/trigger"; c "cat error_log"; }

ex err-field
err $RD 'hist:keys=fd:vals=bytes'
ex_end
ex err-modifier
err $RD 'hist:keys=fd:vals=count.log2'
ex_end
ex err-two
err $RD 'hist:keys=fd:x=$nosuch'
ex_end
ex err-filter
err $RD 'hist:keys=fd if nosuch == 1'
ex_end
ex err-silent
err $RD 'hist:keys=fd,count,common_pid,buf'
ex_end
ex err-synth
c "echo 'read_lat u64 lat; unsigned int fd' >> synthetic_events"
c "echo 'hist:keys=common_pid:t0=common_timestamp.usecs' >> $RD/trigger"
err $XR 'hist:keys=common_pid:lat=common_timestamp.usecs-$t0:onmatch(syscalls.sys_enter_read).read_lat($lat)'
ex_end
ex err-chain
err $XR 'hist:keys=common_pid:lat=common_timestamp.usecs-$t0:onmatch(syscalls.sys_enter_read).read_lat($lat,nosuch)'
ex_end
c "echo > $RD/trigger"
c "echo > synthetic_events"
