# SPDX-License-Identifier: GPL-2.0
#
# The hist trigger fuzzer, guest side (harness/fuzz/README.md). Sourced by
# check.sh, where each stream of /harness/fuzz/streams/SEED.txt (generated on
# the host from harness/fuzz/seeds.txt) is one unit, fuzz/SEED:
#
#   PASS     fuzzexec ran the whole stream: no refused command that
#            changed the file it was written to, nothing left after the
#            clean-up (the note counts the commands and kernel reports)
#   FAIL     any of those (fuzzexec's lines follow on the console)
#   TIMEOUT  it ran longer than the unit limit
#
# A kernel report fails the unit on the host, which reads the console as it
# does for every unit and excuses only the core splats of harness/config/
# core-splats.txt: fuzzexec runs with -R so as not to judge reports a second
# way (the covfuzz:corpus transcript then leaves them out too).
#
# The corpus of make covfuzz (/harness/fuzz/corpus/stream.txt) is the unit
# covfuzz:corpus: its answers, as fuzz_answers of the histdiff cases takes
# them (every command's, every trigger, synthetic_events and dynamic_events
# file read), must be the ones recorded on stock (corpus/stock.out,
# make covfuzz-refs, which boots with harness_covfuzz_record=1: the
# answers then also go to the second serial port).
#
# The corpus make covfuzz kept on our kernel, guided by our objects' coverage,
# is in parts (/harness/fuzz/corpus-ours/N.txt), each the unit covfuzz:ours-N,
# judged as a fuzz/SEED stream: nothing of it is compared with stock.
#
# And by init for harness_mode=fuzz (make fuzz), where fuzz_stream runs the
# stream the host appended to the initramfs.

FZ=/harness/fuzz

fuzz_units()
{
	local s n
	for s in $FZ/streams/*.txt; do
		[ -e "$s" ] || continue
		n=${s##*/}
		echo "${n%.txt}"
	done | sort -n | sed 's/^/fuzz fuzz:/'
	[ ! -f $FZ/corpus/stream.txt ] || echo "fuzz covfuzz:corpus"
	for s in $FZ/corpus-ours/*.txt; do
		[ -e "$s" ] || continue
		n=${s##*/}
		echo "fuzz covfuzz:ours-${n%.txt}"
	done
}

# fuzz_note SUMMARY-LINE: "N commands: A accepted, R refused" and the rest.
fuzz_note()
{
	awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	       printf "%s commands: %s accepted, %s refused; %s left by refusals, %s leftovers, %s kernel reports; %s s + %s s clean-up\n",
		      v["commands"], v["accepted"], v["refused"], v["left"], v["leftovers"],
		      v["reports"], v["secs"], v["clean"] }' <<<"$1"
}

# run_fuzz UNIT STREAM HOW: fuzzexec runs STREAM as the unit UNIT; HOW
# tells how to shrink a failure.
run_fuzz()
{
	local unit=$1 stream=$2 how=$3 out=/tmp/fuzz.out rc summary
	run_limited "$LIMIT" fuzzexec -R "$stream" >$out 2>&1
	rc=$?
	summary=$(grep '^SUMMARY ' $out)
	if [ $rc -eq 124 ]; then
		result TIMEOUT "$unit" "killed after $LIMIT s"
	elif [ $rc -eq 0 ] && [ -n "$summary" ]; then
		result PASS "$unit" "$(fuzz_note "$summary")"
	else
		result FAIL "$unit" "${summary:+$(fuzz_note "$summary"); }$how"
	fi
	[ $rc -eq 0 ] || head -n 200 $out | sed 's/^/    | /'
}

run_covfuzz()
{
	local c=$FZ/corpus t=/tmp/covfuzz.t r=/tmp/covfuzz.r out=/tmp/covfuzz.out rc
	run_limited "$LIMIT" fuzzexec -R -t -q -o $t $c/stream.txt >$r 2>&1
	rc=$?
	{
		awk '/^#[0-9]+ ([atdD] |r .*(\/trigger|_events)$)/ { keep = 1; print; next }
		     /^#/ { keep = 0; next }
		     keep' $t
		grep -v '^SUMMARY ' $r
	} >$out
	if [ "${harness_covfuzz_record:-}" = 1 ]; then
		{ echo "@@FILE stock"; sed 's/^/|/' $out; echo "@@END stock"; } >/dev/ttyS1
	fi
	if [ $rc -eq 124 ]; then
		result TIMEOUT covfuzz/corpus "killed after $LIMIT s"
	elif [ ! -f $c/stock.out ]; then
		result FAIL covfuzz/corpus "no recorded answers corpus/stock.out (make covfuzz-refs)"
	elif ! histdiff_compare $c/stock.out $out >/tmp/covfuzz.diff; then
		result FAIL covfuzz/corpus "differs from stock's answers, diff on the console"
		head -n 300 /tmp/covfuzz.diff | sed 's/^/    | /'
	else
		result PASS covfuzz/corpus "$(grep -c '^#[0-9]* [atdD] ' $out) commands as stock answered them"
	fi
}

# fuzz_stream FILE: make fuzz's boot. fuzzexec's lines go to the console
# behind "@@F ", its progress (or transcript) to the second serial port.
# The host may append /fuzz/flags, more options of fuzzexec (make covfuzz:
# -q, -k or -K and the kcov_seen file).
fuzz_stream()
{
	local t= rc flags=
	[ "${harness_fuzz_transcript:-}" != 1 ] || t=-t
	[ ! -f /fuzz/flags ] || flags=$(cat /fuzz/flags)
	echo "@@F START $(wc -l <"$1") lines"
	# shellcheck disable=SC2086
	timeout -s KILL "${harness_timeout:-300}" fuzzexec -o /dev/ttyS1 $t $flags "$1" 2>&1 |
		while IFS= read -r line; do echo "@@F $line"; done
	rc=${PIPESTATUS[0]}
	echo "@@F EXIT $rc"
}
