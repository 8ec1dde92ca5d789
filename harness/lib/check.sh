# SPDX-License-Identifier: GPL-2.0
# The test command, host side. The guest (harness/guest/check.sh) numbers its
# test units and prints markers on the console:
#
#   @@H SUITE name          a suite starts (for progress and timing)
#   @@H BEGIN i unit        unit i starts
#   @@H RESULT R name note  one result of the running unit (ftracetest runs
#                           an instance variant as a second result)
#   @@H END i               unit i is over
#   @@H DONE                every unit ran
#
# Kernel messages come on the same console, so a splat (BUG:, WARNING:, Oops,
# lockdep...) is charged to the unit running when it was printed. When the
# guest dies in unit i (panic, hang), the unit is recorded as CRASH or TIMEOUT
# and the guest is booted again from unit i+1. KUnit suites run while the
# kernel boots, on the first boot only; their KTAP lines are read here too.
#
# Results go to build/$KERNEL/check/results.txt ("RESULT<tab>name<tab>note"),
# the seconds each unit took (from BEGIN to END, as seen here) to times.txt
# ("seconds<tab>unit");
# the whole console, every boot, to build/$KERNEL/check/console.log.
# CHECK_APPEND, when set, is added to the guest's kernel command line.

SPLAT_RE='^\[ *[0-9]+\.[0-9]+\] .*(BUG:|WARNING:|Oops|KASAN:|UBSAN:|INFO: |Kernel panic|general protection fault|Unable to handle kernel|kernel BUG at|possible circular locking|inconsistent lock state)'
SPLAT_LINES=60	# lines of a splat shown with the result it fails
KTAP_RE='^\[ *[0-9]+\.[0-9]+\] ( *)(not ok|ok|# Subtest:) ?([0-9]+)? ?([^ ]*)(.*)$'

check_known_reason()	# name -> the reason it is listed, or nothing
{
	awk -F '\t' -v n="${1% (instance)}" '$1 == n { print $2 }' \
		"$HARNESS/known-failures.txt"
}

# Record one final result: print it and add it to results.txt.
check_record()
{
	local result=$1 name=$2 note=${3:-}
	printf '%s\t%s\t%s\n' "$result" "$name" "$note" >>"$CHECK_DIR/results.txt"
	printf '%-11s %s%s\n' "$result" "$name" "${note:+  ($note)}"
}

# Apply the known-failure list and the splat rule, then record.
check_finish_result()
{
	local result=$1 name=$2 note=$3 splat=$4 reason
	reason=$(check_known_reason "$name")
	if [ -n "$reason" ]; then
		case $KERNEL/$result in
		ours/KNOWN) result=SKIP note="fails on stock, not run: $reason" ;;
		stock/PASS|stock/XFAIL)
			result=FAIL note="listed in harness/known-failures.txt but passes on stock" ;;
		stock/*) note="fails on stock as recorded ($result): $reason" result=SKIP ;;
		esac
		splat=
	fi
	if [ -n "$splat" ]; then
		case $result in
		PASS|XFAIL|UNSUPPORTED|UNTESTED|SKIP)
			note="was $result; kernel splat: $splat" result=FAIL ;;
		*) note="${note:+$note; }kernel splat: $splat" ;;
		esac
	fi
	check_record "$result" "$name" "$note"
	if [ -n "$splat" ] && [ ${#SPLAT_REPORT[@]} -gt 0 ]; then
		printf '    | %s\n' "${SPLAT_REPORT[@]}"
		SPLAT_REPORT=()
	fi
}

check_unit_end()
{
	local r
	for r in "${UNIT_RESULTS[@]}"; do
		IFS=$'\t' read -r res name note <<<"$r"
		[ -z "$UNIT_EXCUSED" ] || note="${note:+$note; }$UNIT_EXCUSED"
		check_finish_result "$res" "$name" "$note" "$UNIT_SPLAT"
	done
	printf '%s\t%s\n' $((SECONDS - UNIT_T0)) "$UNIT_NAME" >>"$CHECK_DIR/times.txt"
	UNIT_RESULTS=() UNIT_INDEX= UNIT_NAME= UNIT_SPLAT= UNIT_EXCUSED=
}

check_suite_mark()
{
	local now=$SECONDS
	if [ -n "$SUITE_NAME" ]; then
		PHASE_TIMES+=("$(printf '%-28s %5ds' "suite $SUITE_NAME" $((now - SUITE_T0)))")
	fi
	SUITE_NAME=$1 SUITE_T0=$now
}

check_line()
{
	local line=$1 rest kind a b
	[ "$V" != 1 ] || printf '    | %s\n' "$line"
	case $line in
	*'@@H '*)
		rest=${line#*@@H }
		read -r kind a b _ <<<"$rest"
		case $kind in
		READY)	PHASE_TIMES+=("$(printf '%-28s %5ds' "boot $BOOT_NO (kernel+KUnit)" $((SECONDS - QEMU_T0)))")
			[ -z "$KUNIT_SUITE" ] || check_kunit_flush ;;
		SUITE)	check_suite_mark "$a"
			say "==> suite $a ($b units)" ;;
		BEGIN)	UNIT_INDEX=$a UNIT_NAME=$b UNIT_RESULTS=() UNIT_SPLAT= UNIT_EXCUSED=
			UNIT_T0=$SECONDS ;;
		RESULT)	rest=${rest#RESULT }
			UNIT_RESULTS+=("${rest%% *}"$'\t'"$(sed 's/^[^ ]* //; s/ -- .*//' <<<"$rest")"$'\t'"$(sed -n 's/.* -- //p' <<<"$rest")") ;;
		END)	check_unit_end ;;
		DONE)	CHECK_DONE=1 ;;
		esac
		return 0 ;;
	esac
	if [ ${#SPLAT_REPORT[@]} -gt 0 ] && [ ${#SPLAT_REPORT[@]} -lt $SPLAT_LINES ]; then
		SPLAT_REPORT+=("$line")
	fi
	if [[ $line =~ $SPLAT_RE ]]; then
		SPLAT_OWNS=
		[ ${#SPLAT_REPORT[@]} -gt 0 ] || SPLAT_REPORT=("$line") SPLAT_OWNS=report
		if [ -n "$UNIT_NAME" ]; then
			[ -n "$UNIT_SPLAT" ] || UNIT_SPLAT=${line#*] } SPLAT_OWNS="$SPLAT_OWNS unit"
		else
			[ -n "$OUTSIDE_SPLAT" ] || OUTSIDE_SPLAT=${line#*] } SPLAT_OWNS="$SPLAT_OWNS outside"
		fi
		SPLAT_FRAMES=0 SPLAT_FRAME=
	elif [ ${#CORE_SPLATS[@]} -gt 0 ] && [ -n "${SPLAT_FRAMES:-}" ]; then
		check_core_splat "$line"
	fi
	[[ $line =~ $KTAP_RE ]] && check_ktap "${#BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" \
		"${BASH_REMATCH[4]}" "${BASH_REMATCH[5]}"
	return 0
}

# The excuses of harness/config/core-splats.txt for this flavour, as
# "frame<TAB>callers" (the file says why for each).
check_core_splats_load()
{
	CORE_SPLATS=()
	mapfile -t CORE_SPLATS < <(awk -F '\t' -v f="$FLAVOUR" \
		'$1 == f { print $2 "\t" $3 }' "$HARNESS/config/core-splats.txt")
}

# check_core_splat LINE: LINE follows the splat last seen. When it is the
# frame below an excused one, the splat is taken back from what it set.
check_core_splat()
{
	local line=$1 fn e frame callers
	SPLAT_FRAMES=$((SPLAT_FRAMES + 1))
	if [ "$SPLAT_FRAMES" -gt "$SPLAT_LINES" ]; then
		SPLAT_FRAMES=
		return 0
	fi
	[[ $line =~ ^\[\ *[0-9]+\.[0-9]+\]\ +([A-Za-z0-9_.]+)\+0x ]] || return 0
	fn=${BASH_REMATCH[1]}
	for e in "${CORE_SPLATS[@]}"; do
		IFS=$'\t' read -r frame callers <<<"$e"
		[ "$SPLAT_FRAME" = "$frame" ] && [[ $fn =~ ^($callers)$ ]] || continue
		case " $SPLAT_OWNS " in *' report '*) SPLAT_REPORT=() ;; esac
		case " $SPLAT_OWNS " in *' unit '*) UNIT_SPLAT= ;; esac
		case " $SPLAT_OWNS " in *' outside '*) OUTSIDE_SPLAT= ;; esac
		UNIT_EXCUSED="core splat in $frame from $fn, not failed (harness/config/core-splats.txt)"
		SPLAT_FRAMES=
		return 0
	done
	SPLAT_FRAME=$fn
}

# KTAP from KUnit: "# Subtest: suite" and "ok N case" one level in,
# "ok N suite" at the top level.
check_ktap()
{
	local indent=$1 what=$2 name=$3 tail=$4 res
	case $what in
	'# Subtest:')
		if [ "$indent" -eq 4 ]; then
			KUNIT_SUITE=$name KUNIT_CASES=0
		fi ;;
	ok|'not ok')
		[ -n "$KUNIT_SUITE" ] || return 0
		res=PASS
		[ "$what" = ok ] || res=FAIL
		case $tail in *'# SKIP'*) res=SKIP ;; esac
		if [ "$indent" -eq 4 ]; then
			check_finish_result "$res" "kunit:$KUNIT_SUITE.$name" "" "$OUTSIDE_SPLAT"
			KUNIT_CASES=$((KUNIT_CASES + 1))
		elif [ "$indent" -eq 0 ]; then
			[ "$KUNIT_CASES" -gt 0 ] ||
				check_finish_result "$res" "kunit:$KUNIT_SUITE" "" "$OUTSIDE_SPLAT"
			KUNIT_SUITE=
		fi ;;
	esac
}

check_kunit_flush()
{
	check_record FAIL "kunit:$KUNIT_SUITE" "the suite did not finish"
	KUNIT_SUITE=
}

# check_run: every unit, in $SHARDS guests at once (each a share of the
# units, harness/guest/check.sh), results merged into $OUT/check.
check_run()
{
	local top=$OUT/check k pids=() dir
	rm -rf "$top"
	mkdir -p "$top"
	say "==> check: $KERNEL kernel${SERIES:+ (from the series)}${FLAVOUR:+ ($FLAVOUR)}, -smp $SMP ($UNIT_CPUS online in a unit), $TEST_TIMEOUT s a test${TESTS:+, tests matching '$TESTS'}$([ "$SHARDS" -le 1 ] || echo ", $SHARDS guests")"
	if [ "$SHARDS" -le 1 ]; then
		check_guest "$top" 1/1
	else
		# One lock for all the guests, taken here; a guest must not wait
		# for it while its sibling holds it.
		if [ -n "${HARNESS_LOCK:-}" ]; then
			exec {HEAVY_FD}>>"$HARNESS_LOCK"
			flock "$HEAVY_FD"
		fi
		for k in $(seq "$SHARDS"); do
			dir=$top/shard-$k
			mkdir -p "$dir"
			(HARNESS_LOCK= PHASE_TIMES=()
			 check_guest "$dir" "$k/$SHARDS"
			 printf '%s\n' "${PHASE_TIMES[@]}" >"$dir/phases") &
			pids+=($!)
		done
		wait "${pids[@]}" || true
		[ -z "${HARNESS_LOCK:-}" ] || exec {HEAVY_FD}>&-
		for k in $(seq "$SHARDS"); do
			dir=$top/shard-$k
			cat "$dir/results.txt" >>"$top/results.txt"
			cat "$dir/times.txt" >>"$top/times.txt" 2>/dev/null || true
			cat "$dir"/console-*.log >>"$top/console.log"
			[ -s "$dir/phases" ] || continue
			while IFS= read -r line; do
				PHASE_TIMES+=("$line (guest $k)")
			done <"$dir/phases"
		done
	fi
	# The boot-time units need kernel parameters of their own: a guest each.
	clients_boot_run "$top"
	# Two guests and a Prometheus on the host (harness/lib/exporter.sh).
	exporter_prometheus_run "$top"
	CHECK_DIR=$top
	check_gcov
	check_layers
	check_docs
	exporter_fixtures
	check_summary
}

# The line coverage of our files, from a kernel built with gcov on our
# objects (the kcsan flavour): printed, and kept in $OUT/check/gcov/.
check_gcov()
{
	local consoles
	[ -d "$OBJ/kernel/trace" ] && ls "$OBJ"/kernel/trace/*.gcno >/dev/null 2>&1 || return 0
	consoles=$(find "$CHECK_DIR" -name 'console-*.log' | sort)
	say "==> line coverage of our files (gcov; lines not run: $CHECK_DIR/gcov/unrun.txt)"
	# shellcheck disable=SC2086
	python3 "$HARNESS/lib/gcov_lines.py" "$OBJ" "$TOP/kernel/trace" "$CHECK_DIR/gcov" \
		$consoles | tee "$CHECK_DIR/gcov.txt"
}

# host:docs, on our kernel: each documentation file is what its template
# in harness/docs/ makes (harness/docs/README.md), so that an edit made to
# the file alone is not lost at the next ./generate.
check_docs()
{
	local t out bad=
	[ "$KERNEL" = ours ] || return 0
	check_wanted host:docs || return 0
	for t in histogram.rst.in:Documentation/trace/histogram.rst \
		 histogram-design.rst.in:Documentation/trace/histogram-design.rst \
		 histogram-design.zh_CN.rst.in:Documentation/translations/zh_CN/trace/histogram-design.rst; do
		out=$OUT/docs-${t%%:*}
		python3 "$HARNESS/docs/fill.py" "$HARNESS/docs/${t%%:*}" "$out" &&
			cmp -s "$out" "$TOP/${t#*:}" || bad="$bad ${t#*:}"
	done
	if [ -z "$bad" ]; then
		check_record PASS host:docs
	else
		check_record FAIL host:docs "not what harness/docs makes:$bad"
	fi
}

# check_wanted NAME: whether TESTS (substrings, comma-separated; empty for
# all) selects the host-side unit NAME.
check_wanted()
{
	local p
	[ -n "$TESTS" ] || return 0
	for p in ${TESTS//,/ }; do
		case $1 in *"$p"*) return 0 ;; esac
	done
	return 1
}

# host:layers, on our kernel: the hist files call only the files below
# them (harness/lib/layers.py on the objects just booted).
check_layers()
{
	local out
	[ "$KERNEL" = ours ] || return 0
	check_wanted host:layers || return 0
	if out=$(python3 "$HARNESS/lib/layers.py" "$OBJ/kernel/trace" 2>&1); then
		check_record PASS host:layers
	else
		check_record FAIL host:layers "$(echo "$out" | tail -1)"
		echo "$out" | grep '^!!' | sed 's/^/    | /'
	fi
}

# check_guest DIR K/N: boot one guest for shard K of N, again after each
# crash, until its units are done; results and consoles into DIR.
check_guest()
{
	CHECK_DIR=$1
	local shard=$2 from=1 idle=$((TEST_TIMEOUT + 120)) kunit= append
	: >"$CHECK_DIR/results.txt"
	: >"$CHECK_DIR/times.txt"
	BOOT_NO=0 CHECK_DONE=0 SUITE_NAME= KUNIT_SUITE= OUTSIDE_SPLAT= SPLAT_REPORT=()
	UNIT_RESULTS=() UNIT_INDEX= UNIT_NAME= UNIT_SPLAT= UNIT_EXCUSED= SPLAT_FRAMES=
	check_core_splats_load
	# KUnit runs in the first guest only.
	[ "${shard%/*}" -eq 1 ] || kunit=kunit.enable=0
	while [ "$CHECK_DONE" -eq 0 ]; do
		BOOT_NO=$((BOOT_NO + 1))
		append="harness_mode=check harness_from=$from harness_timeout=$TEST_TIMEOUT harness_shard=$shard harness_unit_cpus=$UNIT_CPUS $kunit${CHECK_APPEND:+ $CHECK_APPEND}"
		[ -z "$TESTS" ] || append="$append harness_tests=$TESTS"
		[ $BOOT_NO -eq 1 ] || say "==> boot $BOOT_NO of guest $shard, from unit $from"
		qemu_boot "$CHECK_DIR/console-$BOOT_NO.log" "$idle" check_line "$append"
		kunit=kunit.enable=0
		[ "$CHECK_DONE" -eq 0 ] || break

		# The guest died: charge the unit it was running, go on after it.
		if [ -z "$UNIT_INDEX" ]; then
			[ -z "$KUNIT_SUITE" ] || check_kunit_flush
			check_record FAIL "boot $BOOT_NO" "the guest ended ($BOOT_END) outside any test; see $CHECK_DIR/console-$BOOT_NO.log"
			break
		fi
		local why=CRASH
		[ "$BOOT_END" != hang ] || why=TIMEOUT
		UNIT_RESULTS+=("$why"$'\t'"${UNIT_NAME#*:}"$'\t'"the guest ended ($BOOT_END) in this test; see $CHECK_DIR/console-$BOOT_NO.log")
		from=$((UNIT_INDEX + 1))
		check_unit_end
		if [ "$BOOT_NO" -ge 20 ]; then
			check_record FAIL "check" "gave up after 20 boots"
			break
		fi
	done
	check_suite_mark ""
	if [ -n "$OUTSIDE_SPLAT" ]; then
		check_record FAIL "kernel log" "splat outside any test: $OUTSIDE_SPLAT"
		[ ${#SPLAT_REPORT[@]} -eq 0 ] || printf '    | %s\n' "${SPLAT_REPORT[@]}"
	fi
	[ "$shard" != 1/1 ] || cat "$CHECK_DIR"/console-*.log >"$CHECK_DIR/console.log"
}

check_summary()
{
	local passed failed skipped
	passed=$(grep -c -E '^(PASS|XFAIL)	' "$CHECK_DIR/results.txt" || true)
	skipped=$(grep -c -E '^(UNSUPPORTED|UNTESTED|SKIP)	' "$CHECK_DIR/results.txt" || true)
	failed=$(( $(wc -l <"$CHECK_DIR/results.txt") - passed - skipped ))
	say "    console: $CHECK_DIR/console.log; results: $CHECK_DIR/results.txt"
	say "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ] || check_recap
	[ "$failed" -eq 0 ]
}

# check_recap: the failures again, for the end of the output (END_RECAP)
# and in recap.txt beside results.txt (.ci/run shows it last), each crash
# or hang with the kernel's last words: its console from the first splat
# line (or its last lines when there is none).
check_recap()
{
	local res name note con
	END_RECAP+=("== failed ($KERNEL${FLAVOUR:+ $FLAVOUR})")
	while IFS=$'\t' read -r res name note; do
		case $res in PASS|XFAIL|UNSUPPORTED|UNTESTED|SKIP) continue ;; esac
		END_RECAP+=("$(printf '%-11s %s%s' "$res" "$name" "${note:+  ($note)}")")
		con=$(sed -n 's/.*; see \(.*console-[0-9]*\.log\)$/\1/p' <<<"$note")
		[ -n "$con" ] && [ -f "$con" ] || continue
		mapfile -t -O ${#END_RECAP[@]} END_RECAP < <(tr -d '\r' <"$con" |
			awk -v re="$SPLAT_RE" -v n=$SPLAT_LINES '
				{ tail[NR % 20] = $0 }
				!on && $0 ~ re { on = 1 }
				on && shown < n { print "    | " $0; shown++ }
				END { if (!on) for (i = NR - 19; i <= NR; i++)
					if (i > 0) print "    | " tail[i % 20] }')
	done <"$CHECK_DIR/results.txt"
	printf '%s\n' "${END_RECAP[@]}" >"$CHECK_DIR/recap.txt"
}

# refs_record FLAG DIR: boot stock for the units of TESTS with FLAG=1 on
# the kernel command line; the guest writes each unit's transcript to a
# second serial port ("@@FILE name", each line behind "|", "@@END name"),
# kept here as DIR/name.out.
refs_record()
{
	local flag=$1 refs=$2 rec=$OUT/$1.txt n
	[ "$KERNEL" = stock ] || die "references are recorded from stock (KERNEL=stock)"
	: >"$rec"
	QEMU_EXTRA=(-chardev "file,id=rec,path=$rec,append=on" -serial chardev:rec)
	CHECK_APPEND=$flag=1
	SHARDS=1	# one guest writes the record
	say "==> recording the references (the results compare with the old ones)"
	check_run || true
	n=$(tr -d '\r' <"$rec" | awk -v dir="$refs" '
		/^@@FILE / { f = dir "/" $2 ".out"; printf "" >f; n++; next }
		/^@@END / { close(f); f = ""; next }
		f != "" && /^\|/ { print substr($0, 2) >>f }
		END { print n + 0 }')
	say "==> $n references written to $refs"
}

# refs_changed DIR: what changed in DIR since the last commit.
refs_changed()
{
	if git -C "$TOP" status --porcelain -- "$1" | grep -q .; then
		say "    changed since the last commit:"
		git -C "$TOP" status --short -- "$1" | sed 's/^/    /'
		git -C "$TOP" diff --stat -- "$1" | tail -n 1 | sed 's/^/    /'
	else
		say "    the references did not change"
	fi
}

# Side by side: the last results of ours and of stock.
check_compare()
{
	local a=$BUILD/ours/check/results.txt b=$BUILD/stock/check/results.txt
	[ -f "$a" ] && [ -f "$b" ] || die "run 'make check' and 'make check KERNEL=stock' first"
	printf '%-11s %-11s %s\n' OURS STOCK TEST
	awk -F '\t' 'NR == FNR { s[$2] = $1; next }
		     { printf "%-11s %-11s %s%s\n", $1, ($2 in s ? s[$2] : "-"), $2,
			(($2 in s) && s[$2] != $1 ? "   <- differs" : ""); seen[$2] = 1 }
		     END { for (n in s) if (!(n in seen)) printf "%-11s %-11s %s\n", "-", s[n], n }' \
		"$b" "$a"
}
