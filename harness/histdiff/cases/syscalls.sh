# SPDX-License-Identifier: GPL-2.0
# Histograms on syscall events: write and read sizes by fd, the .syscall
# modifier on raw_syscalls ids, values from syscall arguments.
# requires: events/syscalls/sys_enter_write/hist events/raw_syscalls/sys_enter/hist
show events/syscalls/sys_enter_write/format
trigger syscalls/sys_enter_write 'hist:keys=fd,count if comm == "hgio"'
trigger syscalls/sys_exit_write 'hist:keys=ret:vals=hitcount if comm == "hgio"'
trigger syscalls/sys_enter_read 'hist:keys=fd:vals=count if comm == "hgio"'
trigger raw_syscalls/sys_enter 'hist:keys=id.syscall if comm == "hgio"'
trigger raw_syscalls/sys_exit 'hist:keys=id.syscall,ret:sort=id if comm == "hgio"'
trigger raw_syscalls/sys_enter 'hist:keys=id.hex:vals=hitcount if comm == "hgio"'
gen comm=hgio write=3:10 write=2*3:20 write=3*5:300 read=4*4:7 read=5*6:4096
trig syscalls/sys_enter_write
hist syscalls/sys_enter_write
hist syscalls/sys_exit_write
hist syscalls/sys_enter_read
hist raw_syscalls/sys_enter
hist raw_syscalls/sys_exit
