# SPDX-License-Identifier: GPL-2.0
# The first histogram of a name removed while another of that name is
# left (in an instance, on a second event): the name still stands for the
# first one's spec and table until the last of them goes, so a trigger of
# that name must match it, and one added again shares the table with the
# one left (its counts go on). Found by make covfuzz-bulk's class-5 search
# (harness/fuzz/README.md).
# requires: dynamic_events user_events_data instances
UE_NL='hg_nl u32 k;u64 v'
UE_NL2='hg_nl2 u32 k;u64 v'
append dynamic_events "u:$UE_NL"
append dynamic_events "u:$UE_NL2"
mkdir instances/hgnl
I=instances/hgnl/events/user_events
# A: the first on the event, joined in the instance, removed, added again.
trigger user_events/hg_nl 'hist:name=la:keys=k:vals=v'
trigger $I/hg_nl 'hist:name=la:keys=k:vals=v'
gen comm=hgnl user="$UE_NL" emit=1,10 emit=2*2,20
trigger user_events/hg_nl '!hist:name=la:keys=k:vals=v'
trigger user_events/hg_nl 'hist:name=la:keys=k:vals=v:sort=v.descending'
trigger $I/hg_nl 'hist:name=la:keys=k:vals=v:sort=k'
trigger user_events/hg_nl 'hist:name=la:keys=k:vals=v'
gen comm=hgnl user="$UE_NL" emit=3,30
hist user_events/hg_nl
hist $I/hg_nl
trigger user_events/hg_nl '!hist:name=la:keys=k:vals=v'
trigger $I/hg_nl '!hist:name=la:keys=k:vals=v'
# B: the first in the instance, removed; the one left paused and
# continued from the instance, cleared from the event.
trigger $I/hg_nl 'hist:name=lb:keys=k:vals=v'
trigger user_events/hg_nl 'hist:name=lb:keys=k:vals=v'
trigger $I/hg_nl '!hist:name=lb:keys=k:vals=v'
trigger $I/hg_nl 'hist:name=lb:keys=k:vals=v:sort=v.descending'
trigger $I/hg_nl 'hist:name=lb:keys=k:vals=v:pause'
gen comm=hgnl user="$UE_NL" emit=4,40
trigger $I/hg_nl 'hist:name=lb:keys=k:vals=v:cont'
gen comm=hgnl user="$UE_NL" emit=5,50
hist user_events/hg_nl
hist $I/hg_nl
trigger user_events/hg_nl 'hist:name=lb:keys=k:vals=v:clear'
hist $I/hg_nl
trigger user_events/hg_nl '!hist:name=lb:keys=k:vals=v'
trigger $I/hg_nl '!hist:name=lb:keys=k:vals=v'
# C: on a second event; the first removed; then the last one too.
trigger user_events/hg_nl 'hist:name=lc:keys=k:vals=v'
trigger user_events/hg_nl2 'hist:name=lc:keys=k:vals=v'
trigger user_events/hg_nl '!hist:name=lc:keys=k:vals=v'
trigger user_events/hg_nl 'hist:name=lc:keys=k:vals=v:sort=v.descending'
trigger user_events/hg_nl2 '!hist:name=lc:keys=k:vals=v'
trigger user_events/hg_nl 'hist:name=lc:keys=k:vals=v:sort=v.descending'
gen comm=hgnl user="$UE_NL" emit=6,60 user="$UE_NL2" emit=7,70
trig user_events/hg_nl
trig user_events/hg_nl2
hist user_events/hg_nl
