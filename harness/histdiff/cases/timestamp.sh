# SPDX-License-Identifier: GPL-2.0
# common_timestamp as a key and as a value, .usecs, arithmetic on it; the
# times themselves are masked (T), the layout and the count of entries stay.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=common_timestamp'
trigger user_events/hg_spread 'hist:keys=common_timestamp.usecs'
trigger user_events/hg_spread 'hist:keys=v:vals=common_timestamp'
trigger user_events/hg_spread 'hist:keys=v:vals=common_timestamp.usecs'
trigger user_events/hg_spread 'hist:keys=v:ts=common_timestamp.usecs'
trigger user_events/hg_spread 'hist:keys=common_timestamp.log2'
gen comm=hgts user="$UE_SPREAD" emit=1,1,1 usleep=2000 emit=2,2,2 usleep=2000 emit=3,3,3
trig user_events/hg_spread
hist user_events/hg_spread | sed -E 's/(common_timestamp(\.usecs)?|\bts): *[0-9]+/\1: T/g; s/(common_timestamp: +~ 2\^)[0-9]+/\1T/'
