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
	gcc -static -O2 -Wall -o "$OUT/histgen" "$HISTDIFF/histgen.c" ||
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
	[ "$KERNEL" = stock ] || die "references are recorded from stock (KERNEL=stock)"
	local rec=$OUT/histdiff-record.txt refs=$HISTDIFF/refs n
	: >"$rec"
	QEMU_EXTRA=(-chardev "file,id=hdrec,path=$rec,append=on" -serial chardev:hdrec)
	CHECK_APPEND=harness_hist_record=1
	TESTS=histdiff:${TESTS#histdiff:}	# TESTS=keys- records the keys-* cases
	SHARDS=1	# one guest writes the record
	say "==> recording the references (the results compare with the old ones)"
	check_run || true

	# @@FILE name, the transcript with each line behind "|", @@END name.
	n=$(tr -d '\r' <"$rec" | awk -v dir="$refs" '
		/^@@FILE / { f = dir "/" $2 ".out"; printf "" >f; n++; next }
		/^@@END / { close(f); f = ""; next }
		f != "" && /^\|/ { print substr($0, 2) >>f }
		END { print n + 0 }')
	say "==> $n references written to $refs"
	local r c
	for r in "$refs"/*.out; do
		c=$HISTDIFF/cases/$(basename "$r" .out).sh
		[ -e "$c" ] || { rm -f "$r"; say "    removed $(basename "$r") (no such case)"; }
	done
	if git -C "$TOP" status --porcelain -- "$refs" | grep -q .; then
		say "    changed since the last commit:"
		git -C "$TOP" status --short -- "$refs" | sed 's/^/    /'
		git -C "$TOP" diff --stat -- "$refs" | tail -n 1 | sed 's/^/    /'
	else
		say "    the references did not change"
	fi
}
