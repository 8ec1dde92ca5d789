# SPDX-License-Identifier: GPL-2.0
# Sorting on string keys, and on a second key when the first ties.
# requires: dynamic_events user_events_data events/ftrace/print/hist
strs_event
trigger user_events/hg_strs 'hist:keys=s:sort=s'
trigger user_events/hg_strs 'hist:keys=d:sort=d.descending'
trigger user_events/hg_strs 'hist:keys=r,n:sort=r,n.descending'
strs_gen
gen comm=hgstrs user="$UE_STRS" emit=beta,zz,dos,9 emit=beta,zz,dos,8
trig user_events/hg_strs
hist user_events/hg_strs
