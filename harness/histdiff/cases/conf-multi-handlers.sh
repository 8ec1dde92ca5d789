# SPDX-License-Identifier: GPL-2.0
# Several handlers on one trigger with save(): which lines show the saved
# fields; a saved string not yet set.
# requires: dynamic_events user_events_data events/ftrace/print/hist synthetic_events
pairs_event
append synthetic_events 'hg_mh u64 lat'
trigger user_events/hg_start 'hist:keys=id:ts0=val,tg=tag'
trigger user_events/hg_end 'hist:keys=id:lat=val-$ts0,ww=code,t=$tg:onmax($lat).save(ww,t):onchange($lat).trace(hg_mh,$lat)'
trigger user_events/hg_end 'hist:keys=id:l2=val-$ts0:onchange($l2).save(code):onmax($l2).save(val)'
trigger user_events/hg_end 'hist:keys=id:l3=val-$ts0:onmax($l3).save(code):onchange($l3).snapshot()'
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
gen comm=hgpairs user="$UE_START" emit=5,100,five,d-five \
	user="$UE_END" emit=5,100,5 \
	user="$UE_START" emit=6,100,six,d-six \
	user="$UE_END" emit=6,99,6
hist user_events/hg_end
