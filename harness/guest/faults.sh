# SPDX-License-Identifier: GPL-2.0
#
# The allocation-failure sweep, guest side; sourced by check.sh on a kernel
# with fault injection (the kcsan flavour, harness/config/kcsan.config).
# One unit a command, faults:NAME (harness/faults/README.md):
#
# The command is written (or the file read) again and again through
# failnth, with the 1st, 2nd, ... Nth fault point of the write failed (a
# slab or page allocation, GFP_KERNEL ones included), until a write
# reaches no Nth point: the command then ran with every allocation it
# makes. After each write:
#
#   refused   the command failed: the files it could change (its trigger
#             file, synthetic_events, dynamic_events) must be as before
#   absorbed  it succeeded although an allocation failed: what it made
#             must work (the unit's check: the trigger counts the next
#             events, the synthetic event fires, the new event can be
#             enabled), and undoing it must leave the files as before
#
# The kernel log is watched by the host as for every unit (an oops or a
# KCSAN report fails it), and the kmemleak unit that ends the run says
# whether a failure leaked through our files.

FAULTS_MAX=6000		# fault points a command may have, at most
# Every fault point up to FAULTS_ALL is failed; past it, one in
# FAULTS_STRIDE: an action that keeps data per entry (onmax(), save())
# allocates it entry by entry, about 4300 points for a table of 2048,
# alike but for the address.
FAULTS_ALL=200
FAULTS_STRIDE=97

faults_units()
{
	[ -e /proc/self/fail-nth ] && [ -d /sys/kernel/debug/failslab ] || return 0
	local n
	for n in plain strings stack vars chain onmax onchange named \
		synth dyn-synth \
		read-hist read-json read-debug read-interval; do
		echo "faults faults:$n"
	done
}

# Every allocation may fail, not only the ones that may not sleep, and
# nothing is printed for each (FAULT_INJECTION's stack dump per failure
# would fill the console).
faults_knobs()
{
	local d=/sys/kernel/debug
	echo N >$d/failslab/ignore-gfp-wait
	echo 0 >$d/failslab/verbose
	echo N >$d/fail_page_alloc/ignore-gfp-wait
	echo N >$d/fail_page_alloc/ignore-gfp-highmem
	echo 0 >$d/fail_page_alloc/min-order
	echo 0 >$d/fail_page_alloc/verbose
}

# The events the commands work on: two user events and a synthetic event
# fed by a start trigger, counted by a trigger of its own.
FZ_START='fz_start u32 id;u64 val;char[16] tag'
FZ_END='fz_end u32 id;u64 val'
faults_events()
{
	echo "u:$FZ_START" >>$T/dynamic_events
	echo "u:$FZ_END" >>$T/dynamic_events
	echo 'fz_lat u64 lat; u32 id' >>$T/synthetic_events
	echo 'hist:keys=id:ts0=common_timestamp.usecs' >>$T/events/user_events/fz_start/trigger
	echo 'hist:keys=id' >>$T/events/synthetic/fz_lat/trigger
}

faults_events_gone()
{
	echo '!hist:keys=id' >>$T/events/synthetic/fz_lat/trigger
	echo '!hist:keys=id:ts0=common_timestamp.usecs' >>$T/events/user_events/fz_start/trigger
	echo '!fz_lat' >>$T/synthetic_events
	echo >$T/dynamic_events
}

# hits FILE: the sum of the "Hits:" of a hist file (one a trigger).
hits()
{
	awk '/^    Hits: / { n += $2 } END { print n + 0 }' "$1"
}

# The files a command may change, as they are now; the events' enable
# files show a trigger's hold on its event ("0*": soft mode).
faults_state()
{
	local e
	for e in user_events/fz_start user_events/fz_end synthetic/fz_lat; do
		cat $T/events/$e/trigger $T/events/$e/enable 2>&1
	done
	cat $T/synthetic_events $T/dynamic_events 2>&1
}

# fire START|END|PAIR: one fz_start, one fz_end, or one of each (same id).
fire()
{
	case $1 in
	start)	histgen user="$FZ_START" emit=7,5,abc ;;
	end)	histgen user="$FZ_END" emit=7,9 ;;
	pair)	histgen user="$FZ_START" emit=7,5,abc usleep=100 user="$FZ_END" emit=7,9 ;;
	esac
}

# Checks of a command that was accepted: each prints why it failed.
live_end_hist()	# the trigger on fz_end counts a pair of events
{
	local h=$T/events/user_events/fz_end/hist before
	before=$(hits $h)
	fire pair
	[ "$(hits $h)" -eq $((before + 1)) ] || echo "fz_end's hist did not count: $(hits $h) hits, $before before"
}

live_start_hist()	# a trigger on fz_start counts an event
{
	local h=$T/events/user_events/fz_start/hist before
	before=$(hits $h)
	fire start
	[ "$(hits $h)" -eq $((before + 2)) ] || echo "fz_start's hists did not count: $(hits $h) hits, $before before (two triggers)"
}

live_chain()	# the end trigger's onmatch() fires fz_lat
{
	local h=$T/events/synthetic/fz_lat/hist before
	before=$(hits $h)
	live_end_hist
	[ "$(hits $h)" -eq $((before + 1)) ] || echo "fz_lat did not fire: $(hits $h) hits, $before before"
}

live_event()	# EVENT: it can be enabled and disabled
{
	local e=$T/events/$1
	[ -e "$e/format" ] || { echo "no $e/format"; return; }
	echo 1 >"$e/enable" && echo 0 >"$e/enable" || echo "cannot enable $e"
}

live_read()	# FILE REF: a read gives what it gave before the sweep
{
	cat "$1" >/tmp/faults.read 2>&1
	cmp -s /tmp/faults.read "$2" || echo "$1 changed: $(diff "$2" /tmp/faults.read | head -5)"
}

# sweep NAME FILE TEXT CHECK UNDO: the sweep of one command, written to
# FILE; CHECK is run after an accepted write, UNDO (written to FILE)
# removes what the command made.
sweep()
{
	local name=$1 file=$2 text=$3 check=$4 undo=$5 n=0 out why
	local refused=0 absorbed=0 tried=0 before
	before=$(faults_state)
	while [ $n -lt $FAULTS_MAX ]; do
		if [ $n -lt $FAULTS_ALL ]; then
			n=$((n + 1))
		else
			n=$((n + FAULTS_STRIDE))
		fi
		tried=$((tried + 1))
		out=$(failnth $n write "$file" "$text")
		case $out in
		'injected 1 ok '*)
			absorbed=$((absorbed + 1))
			why=$($check)
			if [ -n "$why" ]; then
				result FAIL "faults/$name" "accepted with fault point $n failed, but dead: $why"
				return
			fi
			echo "$undo" >>"$file" ;;
		'injected 1 '*)
			refused=$((refused + 1)) ;;
		'injected 0 ok '*)
			why=$($check)
			echo "$undo" >>"$file"
			if [ -n "$why" ]; then
				result FAIL "faults/$name" "accepted without a fault, but dead: $why"
				return
			fi
			n=${out##* }
			break ;;
		*)
			result FAIL "faults/$name" "refused without a fault ($out)"
			return ;;
		esac
		if [ "$(faults_state)" != "$before" ]; then
			result FAIL "faults/$name" "fault point $n (${out#injected 1 }) left the files changed:"
			faults_state | diff - /dev/fd/3 3<<<"$before" | sed 's/^/    | /'
			return
		fi
	done
	result PASS "faults/$name" "$n fault points, $((tried - 1)) failed in turn: $refused refused, $absorbed absorbed and live"
}

# sweep_read NAME FILE: every fault point of opening and reading FILE (a
# table with entries) failed in turn; later reads must give what they gave
# before.
sweep_read()
{
	local name=$1 file=$2 n=0 out refused=0 why
	cat "$file" >/tmp/faults.ref
	while [ $n -lt $FAULTS_MAX ]; do
		n=$((n + 1))
		out=$(failnth $n read "$file")
		case $out in
		'injected 0 ok '*) break ;;
		'injected 1 ok '*) ;;
		'injected 1 '*) refused=$((refused + 1)) ;;
		*) result FAIL "faults/$name" "read failed without a fault ($out)"; return ;;
		esac
		why=$(live_read "$file" /tmp/faults.ref)
		if [ -n "$why" ]; then
			result FAIL "faults/$name" "after fault point $n: $why"
			return
		fi
	done
	result PASS "faults/$name" "$((n - 1)) fault points: $refused reads refused, the table intact"
}

# The interval a read failed on is not lost: the next read shows it.
sweep_interval()
{
	local i=$T/events/user_events/fz_end/hist_interval n=0 out refused=0 want
	while [ $n -lt $FAULTS_MAX ]; do
		n=$((n + 1))
		fire pair
		out=$(failnth $n read "$i")
		case $out in
		'injected 0 ok '*) break ;;
		'injected 1 ok '*) want=0 ;;
		'injected 1 '*) want=1 refused=$((refused + 1)) ;;
		*) result FAIL "faults/read-interval" "read failed without a fault ($out)"; return ;;
		esac
		cat "$i" >/tmp/faults.read
		if [ "$(hits /tmp/faults.read)" -ne $want ]; then
			result FAIL "faults/read-interval" "after fault point $n (${out#injected 1 }) the next interval has $(hits /tmp/faults.read) hits, not $want"
			return
		fi
	done
	result PASS "faults/read-interval" "$((n - 1)) fault points: $refused reads refused, none lost an interval"
}

END_T=events/user_events/fz_end/trigger
LAT='lat=common_timestamp.usecs-$ts0'

run_faults()
{
	local t=$T/$END_T
	faults_knobs
	faults_events_gone 2>/dev/null	# what a failed unit before left
	faults_events
	case $1 in
	plain)	sweep plain $t 'hist:keys=id:vals=val' live_end_hist '!hist:keys=id:vals=val' ;;
	strings) sweep strings $T/events/user_events/fz_start/trigger \
			'hist:keys=tag:vals=val.max,val.avg,val.min:sort=val.max' live_start_hist \
			'!hist:keys=tag:vals=val.max,val.avg,val.min:sort=val.max' ;;
	stack)	sweep stack $t 'hist:keys=common_stacktrace:vals=val' live_end_hist \
			'!hist:keys=common_stacktrace:vals=val' ;;
	vars)	sweep vars $t "hist:keys=id:$LAT" live_end_hist "!hist:keys=id:$LAT" ;;
	chain)	sweep chain $t "hist:keys=id:$LAT:onmatch(user_events.fz_start).trace(fz_lat,\$lat,id)" \
			live_chain "!hist:keys=id:$LAT:onmatch(user_events.fz_start).trace(fz_lat,\$lat,id)" ;;
	onmax)	sweep onmax $t "hist:keys=id:$LAT:onmax(\$lat).save(val,id)" live_end_hist \
			"!hist:keys=id:$LAT:onmax(\$lat).save(val,id)" ;;
	onchange) sweep onchange $t "hist:keys=id:$LAT:onchange(\$lat).save(val)" live_end_hist \
			"!hist:keys=id:$LAT:onchange(\$lat).save(val)" ;;
	named)	sweep named $t 'hist:name=fzn:keys=id:vals=val' live_end_hist '!hist:name=fzn:keys=id:vals=val' ;;
	synth)	sweep synth $T/synthetic_events 'fz_syn u64 a; char b[16]' 'live_event synthetic/fz_syn' '!fz_syn' ;;
	dyn-synth) sweep dyn-synth $T/dynamic_events 's:fz_dsyn u32 x; u64 y' 'live_event synthetic/fz_dsyn' '-:fz_dsyn' ;;
	read-*)
		echo 'hist:keys=id,common_stacktrace:vals=val.max' >>$t
		fire pair
		fire end
		case $1 in
		read-hist)	sweep_read read-hist ${t%trigger}hist ;;
		read-json)	sweep_read read-json ${t%trigger}hist_json ;;
		read-debug)	sweep_read read-debug ${t%trigger}hist_debug ;;
		read-interval)	cat ${t%trigger}hist_interval >/dev/null
				sweep_interval ;;
		esac
		echo '!hist:keys=id,common_stacktrace:vals=val.max' >>$t
		# Each failed open gave back the event file it took: the
		# events can go (mainline's 6.14 fix of the hist files).
		faults_events_gone
		if [ -s $T/dynamic_events ]; then
			result FAIL "faults/$1-release" "events busy after the failed opens: $(cat $T/dynamic_events)"
		else
			result PASS "faults/$1-release" "the events went after the failed opens"
		fi ;;
	esac
	faults_events_gone
}
