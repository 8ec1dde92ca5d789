# SPDX-License-Identifier: GPL-2.0
# A table that fills up: size=128 and 300 distinct keys; the Dropped count
# in the Totals; a second table with room for all of them.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v:size=128'
trigger user_events/hg_spread 'hist:keys=w:vals=v:sort=w:size=512'
args=
i=1
while [ $i -le 300 ]; do
	args="$args emit=$i,$i,-$i"
	i=$((i + 1))
done
# shellcheck disable=SC2086
gen comm=hgfull user="$UE_SPREAD" $args
trig user_events/hg_spread
hist user_events/hg_spread
