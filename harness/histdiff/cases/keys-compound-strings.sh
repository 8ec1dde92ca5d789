# SPDX-License-Identifier: GPL-2.0
# Compound keys mixing strings and numbers, and the same field twice.
# requires: dynamic_events user_events_data events/ftrace/print/hist
strs_event
trigger user_events/hg_strs 'hist:keys=n,s'
trigger user_events/hg_strs 'hist:keys=d,n,r'
trigger user_events/hg_strs 'hist:keys=n,n'
trigger user_events/hg_strs 'hist:keys=s,s'
strs_gen
trig user_events/hg_strs
hist user_events/hg_strs
