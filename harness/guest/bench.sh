#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench, guest side: one boot's measurements (the host side, which
# alternates the kernels and aggregates, is harness/lib/bench.sh). Each
# shape is a set of hist triggers on the user events bench_a and bench_b
# (created here in dynamic_events), or for the sys-* shapes on the
# syscall events of write(2), driven by /bin/benchloop
# (harness/bench/loop.c). A shape is measured twice:
#
#   miss  every trigger of the shape with "if common_pid < 0" appended (or
#         "&& common_pid < 0", to a trigger that has a filter already), a
#         filter never true: the event, the trigger framework and the
#         filter run, the hist code does not
#   hit   the triggers as written
#
# so that hit - miss is the hist trigger's own cost. The two take turns,
# a slice each, so that a drift of the host weighs on both alike. Besides
# the shapes, the extras: reading a hist of 100k entries, the memory of a
# 131072-entry table, the time to create and remove a trigger.
#
# Settings from the kernel command line:
#   bench_shapes=all|NAME,NAME...   the shapes (names below, or "none");
#                                   "all" is those stock runs too, the
#                                   shapes of syntax of ours alone
#                                   (OURS_SHAPES) are run by name, with
#                                   BENCH_STOCK a build of ours
#   bench_seconds=S                 seconds a variant of a shape loops (1.5)
#   bench_slices=N                  in that many slices (2), the variants
#                                   taking turns: miss hit hit miss...
#   bench_extras=1|0                run the extras (1)
#
# Markers read by the host:
#   @@B M SHAPE VARIANT P10 P50 MEAN ITERS
#                                   a measurement: nanoseconds an iteration
#                                   in the 10th percentile and median chunk
#                                   of 32 iterations, and over the whole loop
#   @@B X NAME VALUE UNIT           an extra's result
#   @@B I SHAPE TEXT                the Totals of its hist (after the last
#                                   hit slice) and the seconds it took,
#                                   once all its slices ran
#   @@B ERR SHAPE TEXT              a shape that could not be measured
#   @@B DONE                        every shape ran

T=/sys/kernel/tracing
A=events/user_events/bench_a
B=events/user_events/bench_b
S=events/synthetic/bench_lat
E=events/syscalls/sys_enter_write
X=events/syscalls/sys_exit_write
W=events/synthetic/wlat
L=events/synthetic/syslat
SHAPES=${bench_shapes:-all}
SECS=${bench_seconds:-1.5}
SLICES=${bench_slices:-2}
EXTRAS=${bench_extras:-1}
MISS=' if common_pid < 0'
ALL_SHAPES='pid num4096 compound log2 execname string stack vars chain full smp-distinct smp-shared
	sys-off sys-floor sys-pid sys-vars sys-chain sys-stack'
OURS_SHAPES='log2sub sum stats comm rem sys-stats sys-comm'

cd $T || exit 1

# shape_def NAME: set TRIGS (lines "EVENT|TRIGGER", in creation order), ARGS
# (benchloop run options besides -t) and SYNTH (a synthetic event to create
# first, or nothing). An iteration is one bench_a event, or with -2 a
# bench_a and a bench_b.
shape_def()
{
	TRIGS= ARGS= SYNTH=
	case $1 in
	pid)		TRIGS="$A|hist:keys=common_pid" ;;
	num4096)	TRIGS="$A|hist:keys=k:size=8192" ;;	# k = i % 4096
	compound)	TRIGS="$A|hist:keys=a,b,c" ;;	# 3 fields of 2 values
	log2)		TRIGS="$A|hist:keys=k.log2" ;;
	execname)	TRIGS="$A|hist:keys=common_pid.execname" ;;
	string)		TRIGS="$A|hist:keys=s" ;;	# char[16], 16 values
	stack)		TRIGS="$A|hist:keys=common_stacktrace" ;;
	vars)
		TRIGS="$A|hist:keys=common_pid:ts0=common_timestamp.usecs
$B|hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0"
		ARGS=-2 ;;
	chain)
		SYNTH='bench_lat u64 lat; int pid'	# int: common_pid's type
		TRIGS="$A|hist:keys=common_pid:ts0=common_timestamp.usecs
$B|hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0:onmatch(user_events.bench_a).bench_lat(\$lat,common_pid)
$S|hist:keys=pid,lat.log2"
		ARGS=-2 ;;
	full)		TRIGS="$A|hist:keys=k:size=128" ;;	# 4096 keys: Dropped
	smp-distinct)	TRIGS="$A|hist:keys=k"; ARGS='-c 0,1 -k 1 -d' ;;
	smp-shared)	TRIGS="$A|hist:keys=k"; ARGS='-c 0,1 -k 1' ;;
	# The shapes of issue 43's outside bench, as written there: an
	# iteration is one write(2) of 1 to 4096 bytes to /dev/null, that is
	# a sys_enter_write and a sys_exit_write. sys-off has no trigger (the
	# loop with nothing traced), sys-floor one whose filter is never true
	# (its hit is the floor that bench took off).
	sys-off)	TRIGS=; ARGS=-S ;;
	sys-floor)	TRIGS="$E|hist:keys=common_pid if count == 123456789"; ARGS=-S ;;
	sys-pid)	TRIGS="$E|hist:keys=common_pid"; ARGS=-S ;;
	sys-vars)
		TRIGS="$E|hist:keys=common_pid:ts0=common_timestamp
$X|hist:keys=common_pid:lat=common_timestamp-\$ts0"
		ARGS=-S ;;
	sys-chain)
		SYNTH='wlat u64 lat; long ret'
		TRIGS="$E|hist:keys=common_pid:ts0=common_timestamp
$X|hist:keys=common_pid:lat=common_timestamp-\$ts0,r=ret:onmatch(syscalls.sys_enter_write).trace(wlat,\$lat,\$r)
$W|hist:keys=ret:vals=lat:size=8192"
		ARGS=-S ;;
	sys-stack)	TRIGS="$E|hist:keys=common_stacktrace"; ARGS=-S ;;
	# The shapes of make bench BENCH_PEER=bpftrace (bench-bpftrace.sh has
	# their bpftrace programs), on the same events.
	sys-sum)	TRIGS="$E|hist:keys=common_pid:vals=count"; ARGS=-S ;;
	sys-keys4096)	TRIGS="$E|hist:keys=count:size=8192"; ARGS=-S ;;
	sys-log2)	TRIGS="$E|hist:keys=count.log2"; ARGS=-S ;;
	sys-linear)	TRIGS="$E|hist:keys=count.buckets=100"; ARGS=-S ;;
	sys-stats)	TRIGS="$E|hist:keys=common_pid:vals=count.min,count.avg,count.max"; ARGS=-S ;;
	sys-comm)	TRIGS="$E|hist:keys=common_comm"; ARGS=-S ;;
	sys-latency)
		SYNTH='syslat u64 lat'
		TRIGS="$E|hist:keys=common_pid:ts0=common_timestamp
$X|hist:keys=common_pid:lat=common_timestamp-\$ts0:onmatch(syscalls.sys_enter_write).syslat(\$lat)
$L|hist:keys=lat.log2"
		ARGS=-S ;;
	# What the value kinds of ours cost: .log2=3 against log2, and
	# .min/.avg/.max against sum, a plain value stock has too;
	log2sub)	TRIGS="$A|hist:keys=k.log2=3" ;;
	sum)		TRIGS="$A|hist:keys=common_pid:vals=k" ;;
	stats)		TRIGS="$A|hist:keys=common_pid:vals=k.min,k.avg,k.max" ;;
	# common_comm against string (a char[16] field), k%64 against num4096.
	comm)		TRIGS="$A|hist:keys=common_comm" ;;
	rem)		TRIGS="$A|hist:keys=k%64" ;;
	*)		return 1 ;;
	esac
}

# with_suffix TRIGGER SUFFIX: TRIGGER with SUFFIX (" if FILTER") after it;
# to a trigger that has a filter, the filter joined with &&.
with_suffix()
{
	case $1 in
	*' if '*)	echo "$1${2:+ && ${2# if }}" ;;
	*)		echo "$1$2" ;;
	esac
}

# triggers_add SUFFIX: create the shape's triggers, SUFFIX after each.
# False (with the error log shown) when one is refused.
triggers_add()
{
	local ev trig
	if [ -n "$SYNTH" ] && ! echo "$SYNTH" 2>/dev/null >>synthetic_events; then
		echo "refused: $SYNTH"
		return 1
	fi
	while IFS='|' read -r ev trig; do
		[ -n "$ev" ] || continue	# sys-off: no trigger
		if ! with_suffix "$trig" "$1" 2>/dev/null >>"$ev/trigger"; then
			echo "refused on $ev: $(with_suffix "$trig" "$1"); error_log:"
			tail -n 3 error_log
			return 1
		fi
	done <<<"$TRIGS"
}

# triggers_remove SUFFIX: remove what triggers_add made, last first.
triggers_remove()
{
	local lines=() i
	mapfile -t lines <<<"$TRIGS"
	# One that is not there is refused (ENOENT): harmless.
	for ((i = ${#lines[@]} - 1; i >= 0; i--)); do
		[ -n "${lines[i]}" ] || continue
		with_suffix "!${lines[i]#*|}" "$1" 2>/dev/null >>"${lines[i]%%|*}/trigger"
	done
	[ -z "$SYNTH" ] || echo "!$SYNTH" 2>/dev/null >>synthetic_events
	return 0
}

# hist_totals_in FILE: the Totals of the hist text in FILE on one line.
hist_totals_in()
{
	awk '/^ *(Hits|Entries|Dropped):/ { t = t (t == "" ? "" : " ") $1 " " $2 }
	     END { print t }' "$1"
}

# hist_totals EVENT-DIR: the same of its hist.
hist_totals()
{
	hist_totals_in "$1/hist"
}

# measure SHAPE VARIANT SECONDS [totals]: one timed loop with the shape's
# triggers; with "totals", the Totals of the hist afterwards into TOTALS.
measure()
{
	local shape=$1 variant=$2 secs=$3 totals=${4:-} suffix= err last
	[ "$variant" = hit ] || suffix=$MISS
	if ! err=$(triggers_add "$suffix" 2>&1); then
		echo "@@B ERR $shape $variant: $(echo $err)"
		triggers_remove "$suffix"
		return 1
	fi
	loop_report "$shape" "$variant" "$secs"
	# The hist of the last trigger: the synthetic event's for chain.
	if [ -n "$totals" ]; then
		last=${TRIGS##*$'\n'}
		TOTALS=no trigger
		[ -z "$last" ] || TOTALS=$(hist_totals "${last%%|*}")
	fi
	triggers_remove "$suffix"
}

# loop_report SHAPE VARIANT SECONDS [SIDE]: one timed loop of benchloop,
# its figures on an @@B M line (SIDE after them, when given).
loop_report()
{
	local out
	out=$(benchloop run -t "$3" $ARGS 2>&1)
	if [ $? -ne 0 ]; then
		echo "@@B ERR $1 $2: $(echo $out)"
		return
	fi
	set -- "$1" "$2" "${4:-}" $out
	echo "@@B M $1 $2 ${7#p10=} ${6#p50=} ${5#ns=} ${4#iters=}${3:+ $3}"
}

meminfo_free()	# MemFree in kB
{
	awk '$1 == "MemFree:" { print $2 }' /proc/meminfo
}

# The extras: a 131072-entry table's memory (MemFree before and after its
# creation, and after 100k entries went in), the time to read it with
# 100k entries, the time to create and remove a small trigger.
extras()
{
	local trig='hist:keys=k:size=131072' m0 m1 m2 out
	sync
	echo 3 >/proc/sys/vm/drop_caches
	sleep 0.5
	m0=$(meminfo_free)
	if ! echo "$trig" >>$A/trigger; then
		echo "@@B ERR extras: $trig refused"
		return 1
	fi
	sleep 0.5
	m1=$(meminfo_free)
	if out=$(benchloop run -w 0 -n 100000 -k 100000 2>&1); then
		m2=$(meminfo_free)
		echo "@@B X mem-create $(((m0 - m1) * 1024 / 131072)) B/entry"
		echo "@@B X mem-filled $(((m0 - m2) * 1024 / 131072)) B/entry"
		set -- $(benchloop read $A/hist -o /tmp/hist100k)
		echo "@@B X read100k ${2#ms=} ms"
		echo "@@B I read100k $(hist_totals_in /tmp/hist100k), $((${1#bytes=} / 1024)) KiB"
		rm -f /tmp/hist100k
	else
		echo "@@B ERR read100k: $(echo $out)"
	fi
	echo "!$trig" >>$A/trigger
	set -- $(benchloop trig $A/trigger 'hist:keys=common_pid' -r 10)
	echo "@@B X create ${1#create_us=} us"
	echo "@@B X remove ${2#remove_us=} us"
}

# plan DEFAULT: SHAPES as a list of words (all: DEFAULT, none: empty),
# SLICE the seconds of one slice of a shape's SECS.
plan()
{
	SLICE=$(awk -v s="$SECS" -v n="$SLICES" 'BEGIN { printf "%.3f", s / n }')
	[ "$SHAPES" != all ] || SHAPES=$1
	SHAPES=$(echo "$SHAPES" | tr ',' ' ')
	[ "$SHAPES" != none ] || SHAPES=
}

# turn I WORD...: ORDER, the words as given on odd turns I, reversed on
# even ones, so that a slow drift of the host weighs on each alike.
turn()
{
	local w i=$1
	shift
	ORDER=
	for w; do
		if [ $((i % 2)) = 1 ]; then ORDER="$ORDER $w"; else ORDER="$w $ORDER"; fi
	done
}

main()
{
	local shape variant last i ev t0
	echo 'u:bench_a u32 k;u32 a;u32 b;u32 c;char[16] s' >>dynamic_events &&
		echo 'u:bench_b u32 k' >>dynamic_events || {
		echo "@@B ERR setup: cannot create the user events"
		return 1
	}
	plan "$ALL_SHAPES"

	# A first loop, not reported: page faults, first-use allocations.
	shape_def pid
	triggers_add '' >/dev/null 2>&1 && benchloop run -t 0.5 >/dev/null 2>&1
	triggers_remove ''

	for shape in $SHAPES; do
		if ! shape_def "$shape"; then
			echo "@@B ERR $shape: no such shape ($ALL_SHAPES $OURS_SHAPES)"
			continue
		fi
		TOTALS= t0=$SECONDS
		# miss hit, hit miss, miss hit...: a slow drift of the machine
		# weighs on both variants alike.
		for ((i = 1; i <= SLICES; i++)); do
			turn $i miss hit
			for variant in $ORDER; do
				last=
				[ $i -lt "$SLICES" ] || [ $variant != hit ] || last=totals
				measure "$shape" "$variant" "$SLICE" $last
			done
		done
		echo "@@B I $shape $TOTALS; $((SECONDS - t0)) s"
		for ev in $A $B $E $X; do
			! grep -q '^hist' $ev/trigger ||
				echo "@@B ERR $shape: left a trigger on $ev: $(grep '^hist' $ev/trigger | head -n 1)"
		done
	done
	[ "$EXTRAS" != 1 ] || extras
	echo "@@B DONE"
}

if [ "${bench_peer:-stock}" = bpftrace ]; then
	. /harness/bench-bpftrace.sh
	peer_main
else
	main
fi
