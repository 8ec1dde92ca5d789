# SPDX-License-Identifier: GPL-2.0
# Compound keys: two, three, up to stock's limit and one beyond.
# requires: dynamic_events user_events_data events/ftrace/print/hist
ints_event
trigger user_events/hg_ints 'hist:keys=u8v,s8v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v,s16v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v,s16v,u32v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v,s16v,u32v,s32v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v,s16v,u32v,s32v,u64v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v,s16v,u32v,s32v,u64v,s64v'
trigger user_events/hg_ints 'hist:keys=u8v,s8v,u16v,s16v,u32v,s32v,u64v,s64v,u8v'
ints_gen
trig user_events/hg_ints
hist user_events/hg_ints
