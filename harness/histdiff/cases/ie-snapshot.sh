# SPDX-License-Identifier: GPL-2.0
# onmax($var).snapshot() and onchange($var).snapshot(): the hist output
# and the snapshot buffer's events.
# requires: dynamic_events user_events_data synthetic_events snapshot events/ftrace/print/hist
pairs_event
trigger user_events/hg_start 'hist:keys=id:v0=val'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmax($d).save(code):onmax($d).snapshot()'
echo 1 >events/user_events/hg_end/enable
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
printf '== snapshot\n'
grep -v '^#' snapshot | sed -E 's/^ *(.*)-[0-9]+ +\[[0-9]+\] [^ ]+ +[0-9]+\.[0-9]+: /\1: /'
trigger user_events/hg_end '!hist:keys=id:d=val-$v0:onmax($d).save(code):onmax($d).snapshot()'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onchange($d).snapshot()'
trigger user_events/hg_end 'hist:keys=code:d=val-$v0:onmatch(user_events.hg_start).snapshot()'
trig user_events/hg_end
