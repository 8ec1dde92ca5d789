# SPDX-License-Identifier: GPL-2.0
# A histogram on an instance's event, independent of the top-level one;
# removing the instance while its trigger is live.
# requires: dynamic_events user_events_data instances events/ftrace/print/hist
spread_event
mkdir instances/hgi
trigger user_events/hg_spread 'hist:keys=v'
trigger instances/hgi/events/user_events/hg_spread 'hist:keys=w:vals=v if v < 4'
gen comm=hgi user="$UE_SPREAD" emit=1,1,1 emit=2*2,2,2 emit=3*5,5,5
trig instances/hgi/events/user_events/hg_spread
hist instances/hgi/events/user_events/hg_spread
hist user_events/hg_spread
# Stock lets the instance go with the trigger on it.
if rmdir instances/hgi; then echo "rmdir instances/hgi: ok"; else echo "rmdir instances/hgi: failed"; fi
ls instances
hist user_events/hg_spread
