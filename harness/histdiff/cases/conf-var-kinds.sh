# SPDX-License-Identifier: GPL-2.0
# A variable used by what it holds: a string or a stack variable tracked by
# onmax() or onchange(), summed as a value, used as a key, saved; each
# command judged alone, on an event that fires by itself.
# requires: events/sched/sched_switch/hist
S=sched/sched_switch
try $S 'hist:keys=common_pid:s=prev_comm:onmax($s).save(prev_pid)'
try $S 'hist:keys=common_pid:s=prev_comm:onchange($s).save(prev_pid)'
try $S 'hist:keys=common_pid:s=common_stacktrace:onmax($s).save(prev_pid)'
try $S 'hist:keys=common_pid:s=common_stacktrace:onchange($s).save(prev_pid)'
try $S 'hist:keys=common_pid:s=prev_comm:vals=$s'
try $S 'hist:keys=common_pid:s=common_stacktrace:vals=$s'
try $S 'hist:keys=common_pid:s=prev_comm:vals=hitcount,$s:sort=$s'
try $S 'hist:keys=$s:s=prev_comm'
try $S 'hist:keys=$s:s=common_stacktrace'
try $S 'hist:keys=common_pid:s=prev_comm:onmax(prev_prio).save($s)'
try $S 'hist:keys=common_pid:s=common_stacktrace:onmax(prev_prio).save($s)'
try $S 'hist:keys=common_pid:s=prev_comm:onchange(prev_prio).save(prev_pid,$s)'
try $S 'hist:keys=common_pid:s=prev_comm,t=$s:onmax($t).save(prev_pid)'
try $S 'hist:keys=common_pid:s=prev_comm:vals=$s.hex'
try $S 'hist:keys=common_pid:s=common_timestamp:onchange($s).save(prev_comm)'
