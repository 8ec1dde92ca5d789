# SPDX-License-Identifier: GPL-2.0
#
# make bench BENCH_PEER=bpftrace, guest side, sourced by bench.sh: each
# shape of PEER_SHAPES measured as hist triggers (side "ours") and as a
# bpftrace program (side "bpftrace") in the same boot of the same kernel,
# on the same events (syscalls/sys_enter_write and sys_exit_write, written
# by benchloop -S), the four variants taking turns a slice each:
#
#   miss, hit         the hist triggers of bench.sh's shape_def, behind a
#                     filter never true, then as written
#   bt-miss, bt-hit   the bpftrace program of bt_def, each probe behind the
#                     predicate /pid == 2147483647/ (never true), then as
#                     written
#
# so that each side's hit - miss is its own cost above its own floor (the
# event, and the trigger framework or the BPF program's call). The extras
# read a table of 10^4 and of 10^5 keys on each side (read10k, read100k:
# the hist file against bpftrace printing its map as it exits; the hist_json
# file as read10k-json, read100k-json) and take the kernel's memory of the
# 10^5-key table (mem100k: MemFree for the hist; for bpftrace, the memlock
# its maps' descriptors report, which leaves out bpftrace's own process).
#
# Markers: bench.sh's, with the side after a measurement's figures:
#   @@B M SHAPE VARIANT P10 P50 MEAN ITERS SIDE    VARIANT hit or miss
#   @@B X NAME VALUE UNIT SIDE

PEER_SHAPES='sys-off sys-floor sys-pid sys-sum sys-keys4096 sys-log2 sys-linear
	sys-stats sys-comm sys-stack sys-latency'
BT_NEVER='pid == 2147483647'
BT_OUT=/tmp/bpftrace.out

# bt_def NAME: set BT, the shape's bpftrace program (empty for sys-off).
# Each probe is written "PROBE /PREDICATE/ { ... }" or "PROBE { ... }", one
# a line, so that bt_program can put the miss predicate in.
bt_def()
{
	local e=tracepoint:syscalls:sys_enter_write x=tracepoint:syscalls:sys_exit_write
	case $1 in
	sys-off)	BT= ;;
	sys-floor)	BT="$e /args->count == 123456789/ { @ = count(); }" ;;
	sys-pid)	BT="$e { @[pid] = count(); }" ;;
	sys-sum)	BT="$e { @[pid] = sum(args->count); }" ;;
	sys-keys4096)	BT="$e { @[args->count] = count(); }" ;;
	sys-log2)	BT="$e { @ = hist(args->count); }" ;;
	sys-linear)	BT="$e { @ = lhist(args->count, 0, 10000, 100); }" ;;
	sys-stats)	BT="$e { @mn[pid] = min(args->count); @av[pid] = avg(args->count); @mx[pid] = max(args->count); }" ;;
	sys-comm)	BT="$e { @[comm] = count(); }" ;;
	sys-stack)	BT="$e { @[kstack] = count(); }" ;;
	sys-latency)	BT="$e { @ts[tid] = nsecs; }
$x /@ts[tid]/ { @ = hist(nsecs - @ts[tid]); delete(@ts[tid]); }" ;;
	*)		return 1 ;;
	esac
}

# bt_program VARIANT: BT as run: for bt-miss every probe's predicate is
# BT_NEVER alone (the probe's body never runs).
bt_program()
{
	if [ "$1" = bt-hit ]; then
		echo "$BT"
		return
	fi
	echo "$BT" | sed -E "s@^([^ ]+) (/[^/]*/ )?\{@\1 /$BT_NEVER/ {@"
}

# bt_start PROGRAM [KEYS]: bpftrace running PROGRAM (its maps sized for
# KEYS keys, 8192 by default), its output in BT_OUT; back once its probes
# are attached (bpftrace runs BEGIN after attaching them), false if it
# never got there.
bt_start()
{
	local i
	: >$BT_OUT
	BPFTRACE_MAP_KEYS_MAX=${2:-8192} bpftrace -e "BEGIN { printf(\"@@ready\\n\"); }
$1" >$BT_OUT 2>&1 &
	BT_PID=$!
	for ((i = 0; i < 600; i++)); do
		grep -q '^@@ready' $BT_OUT && return 0
		kill -0 $BT_PID 2>/dev/null || break
		sleep 0.1
	done
	kill -INT $BT_PID 2>/dev/null
	wait $BT_PID 2>/dev/null
	return 1
}

# bt_stop: end bpftrace as a user does (SIGINT: it prints its maps, then
# exits).
bt_stop()
{
	kill -INT $BT_PID 2>/dev/null
	wait $BT_PID 2>/dev/null
}

# bt_measure SHAPE VARIANT SECONDS: one timed loop with the shape's program.
bt_measure()
{
	if [ -n "$BT" ] && ! bt_start "$(bt_program "$2")"; then
		echo "@@B ERR $1 $2: bpftrace did not attach: $(tail -n 3 $BT_OUT | tr '\n' ' ')"
		return 1
	fi
	loop_report "$1" "${2#bt-}" "$3" bpftrace
	[ -z "$BT" ] || bt_stop
}

# hist_measure SHAPE VARIANT SECONDS: bench.sh's measure, marked "ours".
hist_measure()
{
	measure "$@" | sed 's/^\(@@B M .*\)$/\1 ours/'
}

# peer_extras: reading a table of 10^4 and 10^5 keys on each side, and the
# kernel memory of the 10^5-key one.
peer_extras()
{
	local n k trig='hist:keys=count:size=131072' m0 m1 t0 t1 mem f
	for n in 10000 100000; do
		k=$((n / 1000))k
		sync
		echo 3 >/proc/sys/vm/drop_caches
		m0=$(meminfo_free)
		echo "$trig" >>$E/trigger || { echo "@@B ERR extras: $trig refused"; return 1; }
		benchloop run -S -w 0 -n $n -k $n >/dev/null 2>&1
		m1=$(meminfo_free)
		set -- $(benchloop read $E/hist)
		echo "@@B X read$k ${2#ms=} ms ours"
		set -- $(benchloop read $E/hist_json)
		echo "@@B X read$k-json ${2#ms=} ms ours"
		[ $n != 100000 ] || echo "@@B X mem$k $(((m0 - m1) * 1024 / n)) B/entry ours"
		echo "!$trig" >>$E/trigger

		bt_start 'tracepoint:syscalls:sys_enter_write { @[args->count] = count(); }' 131072 ||
			{ echo "@@B ERR extras: bpftrace did not attach"; return 1; }
		benchloop run -S -w 0 -n $n -k $n >/dev/null 2>&1
		mem=0
		for f in /proc/$BT_PID/fdinfo/*; do
			grep -q '^map_type:' "$f" 2>/dev/null || continue
			mem=$((mem + $(awk '$1 == "memlock:" { print $2 }' "$f")))
		done
		t0=$(date +%s%N)
		bt_stop
		t1=$(date +%s%N)
		echo "@@B X read$k $(((t1 - t0) / 1000000)) ms bpftrace"
		echo "@@B I read$k $(grep -c '^@\[' $BT_OUT) entries printed by bpftrace"
		[ $n != 100000 ] || echo "@@B X mem$k $((mem / n)) B/entry bpftrace"
	done
}

# peer_main: every shape of SHAPES both ways, then the extras.
peer_main()
{
	local shape variant i
	plan "$PEER_SHAPES"

	# A first loop, not reported: page faults, first-use allocations.
	benchloop run -S -t 0.5 >/dev/null 2>&1
	for shape in $SHAPES; do
		if ! shape_def "$shape" || ! bt_def "$shape"; then
			echo "@@B ERR $shape: no shape of both sides ($PEER_SHAPES)"
			continue
		fi
		TOTALS= t0=$SECONDS
		for ((i = 1; i <= SLICES; i++)); do
			turn $i miss hit bt-miss bt-hit
			for variant in $ORDER; do
				case $variant in
				bt-*)	bt_measure "$shape" "$variant" "$SLICE" ;;
				*)	hist_measure "$shape" "$variant" "$SLICE" ;;
				esac
			done
		done
		echo "@@B I $shape $((SECONDS - t0)) s"
	done
	[ "$EXTRAS" != 1 ] || peer_extras
	echo "@@B DONE"
}
