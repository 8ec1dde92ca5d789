# SPDX-License-Identifier: GPL-2.0
#
# Helpers of the hist-doc-*.tc cases. Those run the examples of
# Documentation/trace/histogram.rst (section 4, inter-event histograms) and
# of histogram-design.rst, and check that the output has the documented
# shape; where histgen can write the events (user_events with chosen
# values, reads of chosen sizes), the values are checked exactly.
#
# Sourced by the cases, in the tracefs directory, under ftracetest's
# "set -e". The helpers do not rely on set -e: they may run inside
# "if" or "||", where it is off, so each one calls fail itself.

WK=events/sched/sched_waking
SW=events/sched/sched_switch
PR=events/ftrace/print

fail() { # message
	echo "FAIL: $*"
	exit_fail
}

# show FILE: copy FILE into the log, for whoever reads a failure.
show() {
	echo "---- $1"
	cat "$1"
	echo "----"
}

# has FILE ERE...: each ERE matches some line of FILE.
has() {
	local f=$1 re
	shift
	for re; do
		if ! grep -qE -- "$re" "$f"; then
			show "$f"
			fail "$f: no line matches: $re"
		fi
	done
}

# hasnt FILE ERE...: no ERE matches a line of FILE.
hasnt() {
	local f=$1 re
	shift
	for re; do
		if grep -qE -- "$re" "$f"; then
			show "$f"
			fail "$f: a line matches: $re"
		fi
	done
}

# count_is FILE ERE N: exactly N lines of FILE match ERE.
count_is() {
	local n
	n=$(grep -cE -- "$2" "$1" || true)
	if [ "$n" != "$3" ]; then
		show "$1"
		fail "$1: $n lines match '$2', expected $3"
	fi
}

# same_text WHAT WANTFILE GOTFILE: the two files are identical.
same_text() {
	if ! diff -u "$2" "$3" > $TMPDIR/diff; then
		cat $TMPDIR/diff
		fail "$1 differs from the expected text"
	fi
}

# lines_are FILE LINE...: FILE, without its comment lines, is exactly
# these lines in this order (none: FILE is empty).
lines_are() {
	local f=$1 l
	shift
	: > $TMPDIR/want
	for l; do
		printf '%s\n' "$l" >> $TMPDIR/want
	done
	grep -v '^#' "$f" > $TMPDIR/got || true
	same_text "$f" $TMPDIR/want $TMPDIR/got
}

# refused FILE CMD ERRNO-TEXT [LOG-TEXT]: appending CMD to FILE fails with
# the errno text ERRNO-TEXT, and error_log then holds "error: LOG-TEXT".
refused() {
	: > error_log
	if echo "$2" >> "$1" 2> $TMPDIR/err; then
		fail "$1 accepted: $2"
	fi
	if ! grep -qF -- "$3" $TMPDIR/err; then
		cat $TMPDIR/err
		fail "$1: expected '$3' for: $2"
	fi
	if [ -n "${4:-}" ] && ! grep -qF -- "error: $4" error_log; then
		show error_log
		fail "error_log lacks '$4' for: $2"
	fi
	: > error_log
}

# table FILE SPEC: cut the table of the hist trigger SPEC (as the trigger
# file prints it, without " [active]") out of the hist file FILE into
# $TMPDIR/tab, and check its frame: the four header lines and an empty
# line, then the entries, and a Totals block at the end.
table() {
	awk -v want="# trigger info: $2 [active]" '
		$0 == "# event histogram" { n = 0 }
		{ n++; b[n] = $0 }
		n == 3 && $0 == want { on = 1; print b[1]; print b[2] }
		on { print }
		on && /^    Dropped: / { exit }
	' "$1" > $TMPDIR/tab
	if [ ! -s $TMPDIR/tab ]; then
		show "$1"
		fail "$1: no table for: $2"
	fi
	printf '# event histogram\n#\n# trigger info: %s [active]\n#\n\n' "$2" > $TMPDIR/want
	head -n 5 $TMPDIR/tab > $TMPDIR/got
	same_text "the header of $1" $TMPDIR/want $TMPDIR/got
	tail -n 5 $TMPDIR/tab | sed -E 's/[0-9]+$/N/' > $TMPDIR/got
	printf '\nTotals:\n    Hits: N\n    Entries: N\n    Dropped: N\n' > $TMPDIR/want
	same_text "the Totals block of $1" $TMPDIR/want $TMPDIR/got
	grep '^{' $TMPDIR/tab > $TMPDIR/entries || true
}

# totals HITS ENTRIES DROPPED: the Totals of the last table(); each is a
# number or an ERE.
totals() {
	has $TMPDIR/tab "^    Hits: $1\$" "^    Entries: $2\$" "^    Dropped: $3\$"
}

# total NAME: print the Hits, Entries or Dropped number of the last table().
total() {
	sed -n "s/^    $1: //p" $TMPDIR/tab
}

# entries N ERE: the last table() has N entries (ERE for any number of
# at least one), and every one of them matches ERE.
entries() {
	local n
	n=$(wc -l < $TMPDIR/entries)
	case $1 in
	+) [ "$n" -ge 1 ] || { show $TMPDIR/tab; fail "no entries"; } ;;
	*) [ "$n" -eq "$1" ] || { show $TMPDIR/tab; fail "$n entries, expected $1"; } ;;
	esac
	if grep -vE -- "$2" $TMPDIR/entries > $TMPDIR/bad; then
		show $TMPDIR/tab
		fail "entries not of the form $2"
	fi
}

# traced EVENT LINE...: the EVENT lines of the trace, from "EVENT: " on,
# are exactly these lines in this order.
traced() {
	local e=$1
	shift
	sed -n "s/^.* $e: /$e: /p" trace > $TMPDIR/traced
	lines_are $TMPDIR/traced "$@"
}

# Checks of behaviour on which our kernel was found to differ from stock
# are soft: a failure is remembered, the case goes on (so that the rest
# of it still runs and it still cleans up), and soft_done fails at the end.
SOFT_FAILS=
soft() { # CHECK ARGS...
	if ! ( "$@" ); then
		SOFT_FAILS="$SOFT_FAILS
	$*"
	fi
}
soft_fail() { # message
	echo "FAIL (soft): $*"
	SOFT_FAILS="$SOFT_FAILS
	$*"
}
soft_done() {
	if [ -n "$SOFT_FAILS" ]; then
		fail "soft checks failed:$SOFT_FAILS"
	fi
}

# The user_events the cases write with histgen: hg_start and hg_end
# carry an id to key on, a value, and a field the other one lacks.
US='hg_start u32 id;u64 val;u64 extra'
UE='hg_end u32 id;u64 val;s32 code'
UO='hg_other u32 id;u64 val'
ST=events/user_events/hg_start
EN=events/user_events/hg_end
OT=events/user_events/hg_other

# ue_del DECL...: delete these user_events. The command must spell the
# fields as dynamic_events lists them ("; " between them), and an event
# stays busy for a moment after the last histgen that wrote it exits.
ue_del() {
	local d i gone
	for d; do
		d=$(echo "$d" | sed 's/;/; /g')
		gone=
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			if echo "!u:$d" >> dynamic_events 2> /dev/null; then
				gone=1
				break
			fi
			sleep 0.1
		done
		[ -n "$gone" ] || fail "cannot delete user_event $d"
	done
}

# ue_add DECL...: create these user_events, first deleting them if a case
# that failed left them behind (ftracetest's reset deletes dynamic events
# with "-:NAME", which user_events do not accept).
ue_add() {
	local d
	for d; do
		if grep -q "^u:${d%% *} " dynamic_events; then
			ue_del "$d"
		fi
		echo "u:$d" >> dynamic_events
	done
}

# no_triggers FILE...: no trigger is left in these trigger files.
no_triggers() {
	local f
	for f; do
		lines_are "$f"
	done
}
