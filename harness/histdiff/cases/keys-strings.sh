# SPDX-License-Identifier: GPL-2.0
# Keys on a static char[16], a __data_loc and a __rel_loc string, with a
# numeric value; three strings in one key (too long); a string as a value
# (stock accepts it and sums the strings' addresses: masked as SUM); .hex
# on a string key (its first 8 bytes as a number).
# (The format file of a user_event with a char[N] field prints garbage for
# N on stock, so it is not shown.)
# requires: dynamic_events user_events_data events/ftrace/print/hist
strs_event
trigger user_events/hg_strs 'hist:keys=s:vals=n'
trigger user_events/hg_strs 'hist:keys=d:vals=n'
trigger user_events/hg_strs 'hist:keys=r:vals=n'
trigger user_events/hg_strs 'hist:keys=s,d,r'
trigger user_events/hg_strs 'hist:keys=n:vals=s'
trigger user_events/hg_strs 'hist:keys=s.hex'
strs_gen
trig user_events/hg_strs
hist user_events/hg_strs | sed -E 's/(hitcount: +[0-9]+  s:) +[0-9]+$/\1 SUM/'
