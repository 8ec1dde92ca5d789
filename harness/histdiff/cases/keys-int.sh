# SPDX-License-Identifier: GPL-2.0
# Keys on integer fields of every size and sign: one histogram per field on
# the same event, so the hist file shows them one after the other.
# requires: dynamic_events user_events_data events/ftrace/print/hist
ints_event
for f in u8v s8v u16v s16v u32v s32v u64v s64v; do
	trigger user_events/hg_ints "hist:keys=$f"
done
ints_gen
trig user_events/hg_ints
hist user_events/hg_ints
