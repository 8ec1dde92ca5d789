# SPDX-License-Identifier: GPL-2.0
# Values: one field, several, every integer size (sums wrap as they do),
# hitcount named explicitly, the vals= and values= spellings, several vals=.
# requires: dynamic_events user_events_data events/ftrace/print/hist
ints_event
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v'
trigger user_events/hg_ints 'hist:keys=u8v:values=u8v,s8v,u16v,s16v,u32v,s32v,u64v,s64v'
trigger user_events/hg_ints 'hist:keys=s8v:vals=hitcount,u32v'
trigger user_events/hg_ints 'hist:keys=s16v:vals=hitcount'
trigger user_events/hg_ints 'hist:keys=u16v:vals=u8v:vals=s8v'
ints_gen
trig user_events/hg_ints
hist user_events/hg_ints
