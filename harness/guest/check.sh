#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The test units, guest side; harness/lib/check.sh reads the markers this
# prints. A unit is one ftracetest .tc file (which ftracetest may run twice,
# the second time in an instance), one case of the hist differential test
# (histdiff.sh), one stream of the fuzzer (fuzz.sh), one real client
# (clients.sh) or one gen_test module.
# Units are numbered in a fixed order so that the host can boot us again
# after a crash with harness_from=N and we go on at unit N. With
# harness_shard=K/N, this guest runs its share of the units only.
#
# Every unit runs in its own session under a time limit, so a hung test is
# killed with all its children and cannot eat the run.

FROM=${harness_from:-1}
LIMIT=${harness_timeout:-300}
FILTER=${harness_tests:-}
SHARD=${harness_shard:-1/1}
KERNEL=$(cat /harness/kernel)
FLAVOUR=$(cat /harness/flavour)
T=/sys/kernel/tracing
# What each flavour runs (harness/README.md, "What each flavour runs").
# plain: everything, the upstream kprobe suite and the histdiff replays of
# whole fuzz streams (fuzz-N) included.
# kcsan, debug and rt, the checking flavours: what reaches our code, under
# their checkers. Left out: the kprobe suite, whose probes barely touch our
# files, and the fuzz-N replays (the fuzz/SEED units run streams of the same
# kind). The kcsan flavour, the one CI runs, leaves out the two cases that
# fill tables of up to 1048576 entries from one CPU too (5 to 10 times
# slower under KCSAN, and racing nothing map-shared-keys and the interval
# cases do not), and adds the allocation-failure sweep (faults.sh), as the
# rt flavour does; all three end with a kmemleak scan.
case $FLAVOUR in
debug|kcsan|rt)	FTRACE_SUITES="trigger dynevent ours" ;;
*)		FTRACE_SUITES="trigger dynevent kprobe ours" ;;
esac

. /harness/histdiff.sh
. /harness/fuzz.sh
. /harness/clients.sh
. /harness/faults.sh
. /harness/exporter.sh

units()
{
	local s
	# A guest booted for a boot-time unit runs that unit only.
	if [ -n "${harness_boottime:-}" ]; then
		clients_boot_units
		return
	fi
	for s in $FTRACE_SUITES; do
		[ -d /ftrace/test.d/$s ] || continue
		(cd /ftrace && find test.d/$s -name '*.tc' | sort | sed "s|^|$s ftrace:|")
	done | if [ "$FLAVOUR" = kcsan ]; then
		grep -v -e stress/map-fill.tc -e hist/hist-size-big.tc
	else
		cat
	fi
	histdiff_units
	fuzz_units
	clients_units
	exporter_units
	echo "modules module:synth_event_gen_test"
	echo "modules module:kprobe_event_gen_test"
	case $FLAVOUR in
	kcsan|rt) faults_units ;;
	esac
	case $FLAVOUR in
	debug|kcsan|rt) echo "leaks leaks:kmemleak" ;;
	esac
}

# run_limited SECONDS CMD...: CMD's status, or 124 when it was killed.
run_limited()
{
	local t=$1 pid spid done_pid rc
	shift
	setsid "$@" &
	pid=$!
	sleep "$t" &
	spid=$!
	wait -n -p done_pid "$pid" "$spid"
	rc=$?
	if [ "$done_pid" = "$spid" ]; then
		kill -KILL -- -"$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		return 124
	fi
	kill "$spid" 2>/dev/null
	wait "$spid" 2>/dev/null
	return $rc
}

result()	# RESULT NAME [NOTE]
{
	echo "@@H RESULT $1 $2${3:+ -- $3}"
}

known_failure()
{
	awk -F '\t' -v n="$1" '$1 == n { found = 1 } END { exit !found }' \
		/harness/known-failures.txt
}

run_ftrace()	# test.d/.../x.tc
{
	local tc=$1 out=/tmp/unit.out rc n=0 line res name
	if [ "$KERNEL" = ours ] && known_failure "$tc"; then
		result KNOWN "$tc"
		return
	fi
	(cd /ftrace && run_limited "$LIMIT" ./ftracetest -v -l /tmp/ftlogs "$tc") >$out 2>&1
	rc=$?
	# ftracetest's clear_dynamic_events() deletes each event as -:NAME,
	# which failed with ENOENT for the u: event of a case that failed
	# midway (seen on stock 6.12.117), leaving it to the next case.
	# Emptying the file deletes every dynamic event.
	echo >$T/dynamic_events 2>/dev/null
	while IFS= read -r line; do
		res=${line##*[}
		res=${res%]}
		name=$tc
		case $line in
		*'] (instance) '*) name="$tc (instance)" ;;
		esac
		result "$res" "$name"
		n=$((n + 1))
	done < <(grep -E '^\[[0-9]+\].*\[[A-Z]+\]$' $out)
	if [ $rc -eq 124 ]; then
		name=$tc
		[ $n -eq 0 ] || name="$tc (instance)"
		result TIMEOUT "$name" "killed after $LIMIT s"
	elif [ $n -eq 0 ]; then
		result UNRESOLVED "$tc" "ftracetest printed no result (exit $rc)"
	fi
	if [ $rc -ne 0 ]; then
		sed 's/^/    | /' $out
	fi
}

# The gen_test modules report nothing on success: they must load, leave the
# events they generate in the trace buffer and unload.
run_module()	# module events...
{
	local mod=$1 e missing=
	shift
	if ! modinfo "$mod" >/dev/null 2>&1; then
		result UNSUPPORTED "module/$mod.ko" "not built in this kernel"
		return
	fi
	echo >$T/trace
	if ! modprobe "$mod"; then
		result FAIL "module/$mod.ko" "modprobe failed"
		return
	fi
	cat /proc/version >/dev/null
	for e; do
		grep -q " $e: " $T/trace || missing="$missing $e"
	done
	if ! rmmod "$mod"; then
		result FAIL "module/$mod.ko" "rmmod failed"
	elif [ -n "$missing" ]; then
		result FAIL "module/$mod.ko" "no event in the trace buffer for:$missing"
	else
		result PASS "module/$mod.ko"
	fi
}

# The debug flavour's last unit: a kmemleak scan of everything the run left.
# A leak whose allocation stack passes through a function of our files
# (/harness/our-symbols.txt, one name a line) fails it, and is shown; the
# others are counted (they are the rest of the kernel's business).
run_kmemleak()
{
	local k=/sys/kernel/debug/kmemleak report=/tmp/kmemleak.txt ours
	if [ ! -e $k ]; then
		result UNSUPPORTED leaks/kmemleak "no $k"
		return
	fi
	# kmemleak reports objects older than 5 s; scan twice, as it advises.
	sleep 6
	echo scan >$k
	sleep 6
	echo scan >$k
	cat $k >$report
	ours=$(awk 'NR == FNR { sym[$1] = 1; next }
		/^unreferenced object/ { if (hit) n++; hit = 0; next }
		/^ *\[</ { f = $2; sub(/\+.*/, "", f); if (f in sym) hit = 1 }
		END { if (hit) n++; print n + 0 }' /harness/our-symbols.txt $report)
	if [ "$ours" -gt 0 ]; then
		result FAIL leaks/kmemleak "$ours leaks through our files"
		sed 's/^/    | /' $report
	else
		result PASS leaks/kmemleak "$(grep -c '^unreferenced object' $report) leaks elsewhere"
	fi
}

run_unit()
{
	case $1 in
	leaks:kmemleak)
		run_kmemleak ;;
	ftrace:*)
		run_ftrace "${1#ftrace:}" ;;
	histdiff:*)
		run_histdiff "${1#histdiff:}" ;;
	fuzz:*)
		run_fuzz "fuzz/${1#fuzz:}" "$FZ/streams/${1#fuzz:}.txt" \
			"make fuzz SEED=${1#fuzz:} to shrink it" ;;
	covfuzz:ours-*)
		run_fuzz "covfuzz/${1#covfuzz:}" "$FZ/corpus-ours/${1#covfuzz:ours-}.txt" \
			"make fuzz STREAM=harness/fuzz/corpus-ours/${1#covfuzz:ours-}.txt to shrink it" ;;
	covfuzz:*)
		run_covfuzz ;;
	faults:*)
		run_faults "${1#faults:}" ;;
	clients:*|boottime:*)
		run_clients "$1" ;;
	exporter:*)
		run_exporter ;;
	module:synth_event_gen_test)
		run_module synth_event_gen_test gen_synth_test empty_synth_test create_synth_test ;;
	module:kprobe_event_gen_test)
		run_module kprobe_event_gen_test gen_kprobe_test gen_kretprobe_test ;;
	esac
}

# harness_unit_cpus=1: only CPU 0 is online while a unit runs, except for the
# stress units, which race CPUs against each other, and the differential
# cases that say "# cpus: all" (they pin tasks to CPU 1): those get them all.
# Under
# TCG every TLB flush and IPI between two online vCPUs stops both, which
# makes a shell-driven test a fifth slower on a debug kernel; the KUnit
# suites have run with every CPU by then.
unit_cpus()	# UNIT
{
	local want=all c
	case $1 in
	*/stress/*) ;;
	histdiff:*)
		grep -q '^# cpus: all' "$HD/cases/${1#histdiff:}.sh" ||
			want=${harness_unit_cpus:-all} ;;
	*) want=${harness_unit_cpus:-all} ;;
	esac
	for c in /sys/devices/system/cpu/cpu[1-9]*/online; do
		[ -e "$c" ] || continue
		if [ "$want" = all ]; then
			[ "$(cat "$c")" = 1 ] || echo 1 >"$c"
		else
			[ "$(cat "$c")" = 0 ] || echo 0 >"$c"
		fi
	done
}

# A kernel of FLAVOUR=kcov (harness/kcov/) keeps the PCs its instrumented
# objects reached in debugfs: emptied before each unit, and after it
# printed as lines "@@C UNIT PC..." (64 PCs a line) for make coverage.
KCOV_SEEN=/sys/kernel/debug/kcov_seen
unit_coverage()	# [UNIT]
{
	[ -e $KCOV_SEEN ] || return 0
	[ -z "${1:-}" ] || grep -v '^lost' $KCOV_SEEN | xargs -r -n 64 echo "@@C $1"
	echo 0 >$KCOV_SEEN
}

# A kernel of FLAVOUR=kcsan counts in debugfs the watchpoints KCSAN set up,
# and it instruments our objects alone: a unit that ran our code without a
# watchpoint would mean that KCSAN does not see it, and fails (the
# kmemleak scan runs none of our code). The races found are reported in
# the kernel log (and fail the unit there); their count is shown too.
KCSAN_STATS=/sys/kernel/debug/kcsan
kcsan_count()	# NAME: its value in $KCSAN_STATS
{
	awk -v n="$1:" '$1 == n { print $2 }' $KCSAN_STATS
}
kcsan_races()	# races found, both accesses seen or one
{
	echo $(($(kcsan_count data_races) + $(kcsan_count races_unknown_origin)))
}
unit_kcsan()	# [UNIT]
{
	[ -e $KCSAN_STATS ] || return 0
	local w r
	w=$(kcsan_count setup_watchpoints)
	r=$(kcsan_races)
	if [ -n "${1:-}" ] && [ "$1" != leaks:kmemleak ]; then
		w=$((w - KCSAN_W0))
		r=$((r - KCSAN_R0))
		if [ "$w" -gt 0 ]; then
			result PASS "kcsan-watched:$1" "$w watchpoints in our code, $r races"
		else
			result FAIL "kcsan-watched:$1" "no watchpoint in our code: KCSAN does not see it"
		fi
	fi
	KCSAN_W0=$(kcsan_count setup_watchpoints)
	KCSAN_R0=$(kcsan_races)
}

# A kernel with gcov (the kcsan flavour) counts the lines of our objects it
# ran; once every unit has run, the counts (.gcda files, which debugfs makes
# when they are read, so they are copied out with cat first) go to the host
# as "@@G " lines of a gzipped tar in base64 (harness/lib/check.sh).
GCOV_DIR=/sys/kernel/debug/gcov
gcov_dump()
{
	local f
	[ -d $GCOV_DIR ] || return 0
	rm -rf /tmp/gcov
	(cd $GCOV_DIR && find . -name '*.gcda') | while read -r f; do
		mkdir -p "/tmp/gcov/${f%/*}"
		cat "$GCOV_DIR/$f" >"/tmp/gcov/$f"
	done
	(cd /tmp/gcov && tar -cf - . | gzip) | base64 | sed 's/^/@@G /'
}

i=0
suite=
# What KCSAN saw while the KUnit suites ran at boot, once (shard 1).
if [ -e $KCSAN_STATS ] && [ "$FROM" = 1 ] && [ "${SHARD%/*}" = 1 ]; then
	echo "@@H BEGIN 0 kcsan:boot"
	if [ "$(kcsan_count setup_watchpoints)" -gt 0 ]; then
		result PASS "kcsan-watched:boot" "$(kcsan_count setup_watchpoints) watchpoints in our code while the KUnit suites ran, $(kcsan_races) races"
	else
		result FAIL "kcsan-watched:boot" "no watchpoint in our code while the KUnit suites ran"
	fi
	echo "@@H END 0"
fi
units >/tmp/units
# harness_tests=A,B,...: the units whose line contains any of them.
if [ -n "$FILTER" ]; then
	set --
	for f in $(echo "$FILTER" | tr , ' '); do
		set -- "$@" -e "$f"
	done
	grep -F "$@" /tmp/units >/tmp/units.f
	mv /tmp/units.f /tmp/units
fi
# Shard K/N (several guests share the units): the units dealt out by the
# seconds each took before (/harness/unit-seconds.txt; the flavours with
# checkers go by the kcsan column), the longest first, each to the guest
# with the least so far, ties to the lowest; every guest runs its share in
# the order of the list. The kmemleak scan, which looks at this guest's own
# kernel, runs in each.
case $FLAVOUR in
debug|kcsan|rt)	WEIGHT=2 ;;
*)		WEIGHT=1 ;;
esac
awk -v col=$WEIGHT '/^#/ { next }
	FILENAME != "/tmp/units" { w[$3] = $col; next }
	$1 != "leaks" {
		x = 10
		if (($2 in w) && w[$2] != "-")
			x = w[$2]
		print x, FNR
	}' /harness/unit-seconds.txt /tmp/units | sort -k1,1nr -k2,2n |
awk -v k="${SHARD%/*}" -v n="${SHARD#*/}" '{
		g = 1
		for (j = 2; j <= n; j++)
			if (load[j] < load[g])
				g = j
		load[g] += $1
		if (g == k)
			print $2
	}' >/tmp/units.mine
awk 'FILENAME != "/tmp/units" { mine[$1] = 1; next }
	$1 == "leaks" || (FNR in mine)' /tmp/units.mine /tmp/units >/tmp/units.s
mv /tmp/units.s /tmp/units
while read -r s unit <&3; do
	i=$((i + 1))
	[ $i -ge "$FROM" ] || continue
	if [ "$s" != "$suite" ]; then
		suite=$s
		echo "@@H SUITE $s $(awk -v s="$s" -v i=$i 'NR >= i && $1 == s' /tmp/units | wc -l)"
	fi
	echo "@@H BEGIN $i $unit"
	unit_cpus "$unit"
	unit_coverage
	unit_kcsan
	run_unit "$unit" </dev/null
	unit_coverage "$unit"
	unit_kcsan "$unit"
	echo "@@H END $i"
done 3</tmp/units
gcov_dump
echo "@@H DONE"
