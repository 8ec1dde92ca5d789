# SPDX-License-Identifier: GPL-2.0
# .sym and .sym-offset on keys holding kernel addresses (from kallsyms),
# an address inside a function, and values that are no kernel address.
# requires: dynamic_events user_events_data events/ftrace/print/hist
addr_event
trigger user_events/hg_addr 'hist:keys=addr.sym'
trigger user_events/hg_addr 'hist:keys=addr.sym-offset:vals=n'
trigger user_events/hg_addr 'hist:keys=addr.hex'
sched=$(ksym schedule)
kmalloc=$(ksym __kmalloc_noprof)
# Addresses differ between kernels: shown as ADDR in the command line too.
gen comm=hgaddr user="$UE_ADDR" emit=$sched,1 emit=2*$(printf '0x%x' $((sched + 0x10))),2 \
	emit=3*$kmalloc,3 emit=4*0,4 emit=5*0x1234,5
trig user_events/hg_addr
hist user_events/hg_addr
