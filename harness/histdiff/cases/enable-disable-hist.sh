# SPDX-License-Identifier: GPL-2.0
# enable_hist and disable_hist: one event starting and stopping another
# event's paused histogram, with a count, with a filter; the trigger files.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
strs_event
trigger user_events/hg_spread 'hist:keys=v:vals=w:pause'
trigger user_events/hg_strs 'enable_hist:user_events:hg_spread if n == 1'
trigger user_events/hg_strs 'disable_hist:user_events:hg_spread:1 if n == 2'
trig user_events/hg_strs
trig user_events/hg_spread
gen comm=hge user="$UE_SPREAD" emit=5,5,5 user="$UE_STRS" emit=a,b,c,1 user="$UE_SPREAD" emit=2*6,6,6 \
	user="$UE_STRS" emit=a,b,c,2 user="$UE_SPREAD" emit=3*7,7,7 \
	user="$UE_STRS" emit=a,b,c,1 user="$UE_SPREAD" emit=4*8,8,8 \
	user="$UE_STRS" emit=a,b,c,2 user="$UE_SPREAD" emit=5*9,9,9
trig user_events/hg_strs
trig user_events/hg_spread
hist user_events/hg_spread
trigger user_events/hg_strs 'enable_hist:user_events:nosuch'
trigger user_events/hg_strs 'enable_hist:nosys:hg_spread'
trigger user_events/hg_strs 'enable_hist:user_events'
trigger user_events/hg_strs 'disable_hist:user_events:hg_spread:1 if n == 2'
trigger user_events/hg_strs '!disable_hist:user_events:hg_spread:1'
trigger user_events/hg_strs '!enable_hist:user_events:hg_spread'
trig user_events/hg_strs
