# SPDX-License-Identifier: GPL-2.0
# Handlers and actions with unbalanced or misplaced parentheses and dots
# (several once oopsed our kernel), and what the accepted ones do.
# requires: dynamic_events user_events_data events/ftrace/print/hist synthetic_events
pairs_event
append synthetic_events 'hg_lat u64 d'
trigger user_events/hg_start 'hist:keys=id:ts0=val'
for a in 'onmax(($d).save(code)' 'onmax($d)).save(code)' \
	'onmatch((user_events.hg_start).trace(hg_lat,$d)' \
	'onmatch(user_events.hg_start)).trace(hg_lat,$d)' \
	'onmatch(user_events.hg_start).trace(hg_lat,$d))' \
	'onmatch(user_events.hg_start).trace((hg_lat,$d)' \
	'onmatch(user_events.hg_start).trace(hg_lat,($d)' \
	'onmatch(user_events.hg_start).trace(hg_lat,$d' \
	'onmatch(user_events.hg_start.trace(hg_lat,$d)' \
	'onmatch(user_events.hg_start).hg_lat(($d)' \
	'onmatch(user_events.hg_start).hg_lat($d))' \
	'onmax($d).save((code)' 'onmax($d).save(code))' 'onmax($d).save(code' \
	'onmax($d.save(code)' 'onmax($d)..save(code)' 'onmax($d).(code)' \
	'onmax()).save(code)' 'onmax)$d(.save(code)' 'onmax($d)' \
	'onmax($d).' 'onmax($d).save' 'onmax($d).save()' 'onmax($d)save(code)' \
	'onchange($d).snapshot())' 'onchange($d).snapshot(' \
	'onchange(($d)).save(code)' 'onmax($d).save(code)(' \
	'onmax($d).save(code).save(val)' 'onmax($d)(x).save(code)' \
	'onmatch().trace(hg_lat,$d)' 'onmatch(.).trace(hg_lat,$d)' \
	'onmatch(user_events.).trace(hg_lat,$d)' \
	'onmatch(.hg_start).trace(hg_lat,$d)'; do
	try user_events/hg_end "hist:keys=id:d=val-\$ts0:$a"
done
# The accepted unbalanced forms, at work.
trigger user_events/hg_end 'hist:keys=id:d=val-$ts0:onmax($d)).save(code)'
pairs_gen
trig user_events/hg_end
hist user_events/hg_end
