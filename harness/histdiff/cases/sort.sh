# SPDX-License-Identifier: GPL-2.0
# Sorting: by key and by value, ascending and descending, on two fields,
# by hitcount explicitly, by a field neither key nor value (refused).
# requires: dynamic_events user_events_data events/ftrace/print/hist
ints_event
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v'
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v:sort=u8v'
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v:sort=u8v.descending'
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v:sort=u16v.ascending'
trigger user_events/hg_ints 'hist:keys=u8v:vals=u16v:sort=hitcount.descending'
trigger user_events/hg_ints 'hist:keys=s8v:vals=s16v:sort=s8v'
trigger user_events/hg_ints 'hist:keys=s8v:vals=s16v:sort=s16v.descending,s8v'
trigger user_events/hg_ints 'hist:keys=s64v,u8v:sort=s64v.descending'
trigger user_events/hg_ints 'hist:keys=u8v:sort=s32v'
ints_gen
trig user_events/hg_ints
hist user_events/hg_ints
