# SPDX-License-Identifier: GPL-2.0
# The hist differential test, host side (the guest side is
# harness/guest/histdiff.sh; the cases, histgen and the references are in
# harness/histdiff/, described in its README.md).
#
# histdiff_initramfs ROOT  put histgen, the cases, the references and the
#                          fuzzer streams that cases replay in ROOT
# histdiff_refs            boot stock, run every case (or those whose name
#                          starts with $TESTS), write the transcripts over
#                          harness/histdiff/refs/ and show what changed

HISTDIFF=$HARNESS/histdiff

histdiff_initramfs()
{
	local root=$1
	arch_cc -static -O2 -Wall -o "$OUT/histgen" "$HISTDIFF/histgen.c" ||
		die "cannot build $HISTDIFF/histgen.c"
	cp "$OUT/histgen" "$root/bin/histgen"
	mkdir -p "$root/harness/histdiff"
	cp -a "$HISTDIFF/lib.sh" "$HISTDIFF/run-case" "$HISTDIFF/cases" \
		"$HISTDIFF/refs" "$root/harness/histdiff/"
	# The fuzzer's streams that cases replay ("# fuzz-stream: SEED COUNT").
	mkdir -p "$root/harness/histdiff/streams"
	local seed count
	while read -r seed count; do
		python3 "$HARNESS/fuzz/gen.py" --diff "$seed" "$count" \
			>"$root/harness/histdiff/streams/$seed-$count.txt" ||
			die "gen.py --diff $seed $count failed"
	done < <(sed -n 's/^# fuzz-stream: *\([0-9]*\) \([0-9]*\)$/\1 \2/p' "$HISTDIFF"/cases/*.sh)
}

histdiff_refs()
{
	local refs=$HISTDIFF/refs r c
	TESTS=histdiff:${TESTS#histdiff:}	# TESTS=keys- records the keys-* cases
	refs_record harness_hist_record "$refs"
	for r in "$refs"/*.out; do
		c=$HISTDIFF/cases/$(basename "$r" .out).sh
		[ -e "$c" ] || { rm -f "$r"; say "    removed $(basename "$r") (no such case)"; }
	done
	refs_changed "$refs"
}
