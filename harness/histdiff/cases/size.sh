# SPDX-License-Identifier: GPL-2.0
# size=: the bounds stock enforces (those past 131072 that ours also
# refuses), sizes that are no power of two, hex;
# each tried alone. Then two tables of chosen sizes with data.
# (Tables that fill up: see size-full.)
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
for n in 0 1 64 65 100 128 129 0x100 1000 131072 1048577 2097152 -1 abc 12abc ''; do
	try user_events/hg_spread "hist:keys=v:size=$n"
done
trigger user_events/hg_spread 'hist:keys=v:size=100:sort=v'
trigger user_events/hg_spread 'hist:keys=w:vals=v:size=131072'
spread_gen
trig user_events/hg_spread
hist user_events/hg_spread
