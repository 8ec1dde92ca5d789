# SPDX-License-Identifier: GPL-2.0
# Filters on hist triggers: numeric and string comparisons, && and ||,
# a glob, and filters that do not parse.
# requires: dynamic_events user_events_data events/ftrace/print/hist
strs_event
trigger user_events/hg_strs 'hist:keys=s if n > 1'
trigger user_events/hg_strs 'hist:keys=d:vals=n if s == "beta" || n == 4'
trigger user_events/hg_strs 'hist:keys=r if d ~ "a-dyn*" && n != 0'
trigger user_events/hg_strs 'hist:keys=n if common_pid != 0'
trigger user_events/hg_strs 'hist:keys=n if nosuch > 1'
trigger user_events/hg_strs 'hist:keys=n if n >'
trigger user_events/hg_strs 'hist:keys=n if'
trigger user_events/hg_strs 'hist:keys=n iff n > 1'
strs_gen
trig user_events/hg_strs
hist user_events/hg_strs
