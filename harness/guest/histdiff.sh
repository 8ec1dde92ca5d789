# SPDX-License-Identifier: GPL-2.0
#
# The hist differential suite, guest side; sourced by check.sh. One unit a
# case, harness/histdiff/cases/NAME.sh, reported as histdiff/NAME:
#
#   UNSUPPORTED  a path of its "# requires:" lines is missing in tracefs
#                (or a module:NAME there is not built)
#   PASS         its transcript is the reference refs/NAME.out, byte for byte
#   FAIL         it differs (the diff follows on the console), or the case
#                left triggers or events behind
#   TIMEOUT      it ran longer than the unit limit
#
# With harness_hist_record=1 on the kernel command line (make diff-refs),
# every transcript is also written to the second serial port, where the
# host collects the new references.

HD=/harness/histdiff

histdiff_units()
{
	local c n
	for c in $HD/cases/*.sh; do
		[ -e "$c" ] || continue
		n=${c##*/}
		case $FLAVOUR:$n in debug:fuzz-* | kcsan:fuzz-* | rt:fuzz-*) continue ;; esac
		echo "histdiff histdiff:${n%.sh}"
	done
}

# What a case requires that this kernel lacks: tracefs paths, and
# module:NAME for a module.
histdiff_missing()
{
	local p
	for p in $(sed -n 's/^# requires://p' "$1"); do
		case $p in
		module:*) modinfo "${p#module:}" >/dev/null 2>&1 || printf '%s ' "$p" ;;
		*) [ -e "$T/$p" ] || printf '%s ' "$p" ;;
		esac
	done
}

# histdiff_compare REF OUT: diff -u of the two. The references are stock's
# answers on the plain configuration; a kernel of a checking flavour lays
# its code out differently (KASAN, UBSAN, KCSAN), so there function offsets
# and sizes are masked, the frames of a stack trace dropped (inlining differs too: a
# frame on its own line, or the first one on a key's line) and
# runs of blanks squeezed (a symbol is printed padded to a width). On the
# rt flavour a preempt count is masked too: a spinlock_t leaves preemption
# on under PREEMPT_RT, so an event fired under one reads 0 where the plain
# configuration reads 1 (stock built with rt.config answers 0 as well).
histdiff_compare()
{
	if [ "$FLAVOUR" = plain ]; then
		diff -u "$1" "$2"
		return
	fi
	histdiff_mask <"$1" >/tmp/histdiff.ref.m
	histdiff_mask <"$2" >/tmp/histdiff.out.m
	diff -u /tmp/histdiff.ref.m /tmp/histdiff.out.m
}

histdiff_mask()
{
	local last='s/ +/ /g'
	[ "$FLAVOUR" != rt ] || last="$last;s/(common_preempt_count: )[0-9]+/\1N/g"
	sed -E 's/\+0x[0-9a-f]+\/0x[0-9a-f]+/+OFF/g
		/^ *(=> )?[A-Za-z0-9_.]+\+OFF$/d
		s/^(\{ [A-Za-z0-9_.]+) +[A-Za-z0-9_.]+\+OFF$/\1/
		'"$last"
}

run_histdiff()
{
	local name=$1 c=$HD/cases/$1.sh ref=$HD/refs/$1.out out=/tmp/histdiff.out
	local rc missing left
	missing=$(histdiff_missing "$c")
	if [ -n "$missing" ]; then
		result UNSUPPORTED "histdiff/$name" "the kernel lacks ${missing% }"
		return
	fi
	# Clean up first unless the last case left everything clean.
	[ -e /tmp/histdiff.clean ] || $HD/run-case --reset >/dev/null 2>&1
	rm -f /tmp/histdiff.clean
	run_limited "$LIMIT" $HD/run-case "$c" >$out 2>&1
	rc=$?
	left=$($HD/run-case --reset 2>&1 | head -n 5 | tr '\n' ';')
	[ -n "$left" ] || touch /tmp/histdiff.clean
	[ -z "$(tail -c 1 $out)" ] || echo >>$out

	if [ "${harness_hist_record:-}" = 1 ]; then
		{ echo "@@FILE $name"; sed 's/^/|/' $out; echo "@@END $name"; } >/dev/ttyS1
	fi

	if [ $rc -eq 124 ]; then
		result TIMEOUT "histdiff/$name" "killed after $LIMIT s"
	elif [ ! -f "$ref" ]; then
		result FAIL "histdiff/$name" "no reference refs/$name.out (make diff-refs)"
		sed 's/^/    | /' $out
	elif ! histdiff_compare "$ref" $out >/tmp/histdiff.diff; then
		result FAIL "histdiff/$name" "differs from refs/$name.out, diff on the console"
		head -n 300 /tmp/histdiff.diff | sed 's/^/    | /'
	elif [ -n "$left" ]; then
		result FAIL "histdiff/$name" "left behind: $left"
	else
		result PASS "histdiff/$name"
	fi
}
