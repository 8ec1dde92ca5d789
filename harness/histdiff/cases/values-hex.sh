# SPDX-License-Identifier: GPL-2.0
# Modifiers on values: .hex on each integer size (one value each), .hex
# with a second value; .sym, .sym-offset, .execname, .syscall, .usecs and
# an unknown modifier on a value.
# requires: dynamic_events user_events_data events/ftrace/print/hist
ints_event
for f in u8v s8v u16v s16v u32v s32v u64v s64v; do
	trigger user_events/hg_ints "hist:keys=$f:vals=$f.hex"
done
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v.hex,s16v'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u64v.sym'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u64v.sym-offset'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u64v.execname'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u64v.syscall'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u64v.usecs'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u64v.bogus'
ints_gen
trig user_events/hg_ints
hist user_events/hg_ints
