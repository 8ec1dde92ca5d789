# SPDX-License-Identifier: GPL-2.0
# The headers of the hist_debug file (its body is each kernel's own, see
# debug in lib.sh): no trigger, one with keys and values, one with a string
# key and modifiers, a compound key with sort and a filter.
# requires: dynamic_events user_events_data events/ftrace/print/hist_debug events/ftrace/print/hist
strs_event
debug user_events/hg_strs
trigger user_events/hg_strs 'hist:keys=n:vals=hitcount,n'
debug user_events/hg_strs
trigger user_events/hg_strs 'hist:keys=s,n.hex:vals=n.percent:sort=n if n > 1'
trigger user_events/hg_strs 'hist:keys=d,r:vals=n.graph:nohitcount'
trigger user_events/hg_strs 'hist:keys=common_pid.execname,common_timestamp.usecs'
debug user_events/hg_strs
