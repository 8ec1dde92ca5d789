# SPDX-License-Identifier: GPL-2.0
# Stack traces as keys: common_stacktrace and the legacy "stacktrace", alone
# and with a second key, on a syscall event. Symbol offsets are masked.
# requires: events/syscalls/sys_enter_write/hist
trigger syscalls/sys_enter_write 'hist:keys=common_stacktrace if comm == "hgstack"'
trigger syscalls/sys_enter_write 'hist:keys=stacktrace:vals=count if comm == "hgstack"'
trigger syscalls/sys_enter_write 'hist:keys=count,common_stacktrace if comm == "hgstack"'
trigger syscalls/sys_enter_write 'hist:keys=common_stacktrace.hex if comm == "hgstack"'
trigger syscalls/sys_enter_write 'hist:keys=count:vals=common_stacktrace if comm == "hgstack"'
gen comm=hgstack write=3:10 write=2*3:20
trig syscalls/sys_enter_write
hist syscalls/sys_enter_write
