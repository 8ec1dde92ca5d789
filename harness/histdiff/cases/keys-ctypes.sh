# SPDX-License-Identifier: GPL-2.0
# Keys on fields declared with C type names (char, short, int, unsigned).
# requires: dynamic_events user_events_data events/ftrace/print/hist
ctypes_event
show events/user_events/hg_ctypes/format
for f in c uc sh ush i ui; do
	trigger user_events/hg_ctypes "hist:keys=$f"
done
ctypes_gen
hist user_events/hg_ctypes
