# SPDX-License-Identifier: GPL-2.0
# poll() on a hist file (6.12.117): what a poll with no timeout returns on
# a freshly opened hist file, after the table changed, after reading it
# to the end, for POLLIN, POLLPRI and both, and after a change made while
# the file was open; an event with no trigger; a hist file opened before
# its trigger existed.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v'
gen comm=hgpoll user="$UE_SPREAD" hold=events/user_events/hg_spread/hist \
	poll=in poll=pri poll=in+pri \
	emit=1,1,1 poll=in poll=pri poll=in+pri poll=in \
	drain poll=in poll=pri poll=in+pri \
	emit=2,2,2 poll=pri poll=in drain poll=in+pri \
	drain poll=in+pri
strs_event
gen comm=hgpoll hold=events/user_events/hg_strs/hist poll=in poll=pri poll=in+pri \
	user="$UE_STRS" emit=a,b,c,1 poll=in+pri
gen comm=hgpoll hold=events/user_events/hg_strs/hist poll=in+pri
trigger user_events/hg_strs 'hist:keys=n'
gen comm=hgpoll hold=events/user_events/hg_strs/hist poll=in+pri \
	user="$UE_STRS" emit=a,b,c,1 poll=in+pri drain poll=in+pri
