# SPDX-License-Identifier: GPL-2.0
# The hist trigger fuzzer, host side (harness/fuzz/README.md; the guest side
# is harness/guest/fuzz.sh).
#
# fuzz_initramfs ROOT   fuzzexec, the streams of the check suite's seeds
#                       (harness/fuzz/seeds.txt) and the covfuzz corpus
#                       (harness/fuzz/corpus/, stock's; corpus-ours/, ours)
#                       into ROOT
# fuzz_main             make fuzz: harness/fuzz/fuzz.py runs the seeds, and
#                       boots each stream through "harness/run fuzz-boot"
# fuzz_boot STREAM RES  one boot running STREAM (appended to the initramfs
#                       as /fuzz/stream.txt, with FUZZ_FLAGS, more options
#                       of fuzzexec, as /fuzz/flags); what happened goes to RES

FUZZ=$HARNESS/fuzz

fuzz_initramfs()
{
	local root=$1 seed count
	arch_cc -static -O2 -Wall -o "$OUT/fuzzexec" "$FUZZ/fuzzexec.c" ||
		die "cannot build $FUZZ/fuzzexec.c"
	cp "$OUT/fuzzexec" "$root/bin/fuzzexec"
	mkdir -p "$root/harness/fuzz/streams"
	while read -r seed count _; do
		case $seed in ''|'#'*) continue ;; esac
		python3 "$FUZZ/gen.py" "$seed" "$count" >"$root/harness/fuzz/streams/$seed.txt" ||
			die "gen.py $seed $count failed"
	done <"$FUZZ/seeds.txt"
	# The corpus of make covfuzz on stock and stock's answers to it; the
	# corpus of make covfuzz COVFUZZ_KERNEL=ours.
	[ ! -d "$FUZZ/corpus" ] || cp -a "$FUZZ/corpus" "$root/harness/fuzz/corpus"
	[ ! -d "$FUZZ/corpus-ours" ] || cp -a "$FUZZ/corpus-ours" "$root/harness/fuzz/corpus-ours"
}

fuzz_main()
{
	export OUT TOP HARNESS KERNEL FLAVOUR
	python3 "$FUZZ/fuzz.py"
}

# The console of a fuzz boot: fuzzexec's "@@F " lines and the first kernel
# report (SPLAT_RE of check.sh) with the function its RIP: line names.
fuzz_line()
{
	local line=$1
	[ "${V:-0}" != 1 ] || printf '    | %s\n' "$line"
	case $line in
	*'@@F '*)
		printf '%s\n' "${line#*@@F }" >>"$FZ_RES" ;;
	*'RIP: '*)
		if [ -n "$FZ_SPLAT" ] && [ -z "$FZ_RIP" ]; then
			FZ_RIP=${line#*RIP: }
			FZ_RIP=${FZ_RIP#*:}
			FZ_RIP=${FZ_RIP%%+*}
			printf 'SPLATRIP %s\n' "$FZ_RIP" >>"$FZ_RES"
		fi ;;
	esac
	if [ -z "$FZ_SPLAT" ] && [[ $line =~ $SPLAT_RE ]]; then
		FZ_SPLAT=${line#*] }
		printf 'SPLAT %s\n' "$FZ_SPLAT" >>"$FZ_RES"
	fi
	return 0
}

fuzz_boot()
{
	local stream=$1 res=$2 dir=${FUZZ_BOOT_DIR:-$OUT/fuzz/boot} last append
	rm -rf "$dir"
	mkdir -p "$dir/root/fuzz"
	cp "$stream" "$dir/root/fuzz/stream.txt"
	[ -z "${FUZZ_FLAGS:-}" ] || printf '%s\n' "$FUZZ_FLAGS" >"$dir/root/fuzz/flags"
	(cd "$dir/root" && find . -print0 | cpio -0 -o -H newc --quiet) >"$dir/stream.cpio"
	cat "$OUT/initramfs.cpio" "$dir/stream.cpio" >"$dir/initrd.cpio"
	: >"$dir/out.txt"
	QEMU_INITRD=$dir/initrd.cpio
	QEMU_EXTRA=(-chardev "file,id=fzout,path=$dir/out.txt" -serial chardev:fzout)
	FZ_RES=$res FZ_SPLAT= FZ_RIP=
	: >"$res"
	append="harness_mode=fuzz harness_timeout=$TEST_TIMEOUT"
	[ "${TRANSCRIPT:-0}" != 1 ] || append="$append harness_fuzz_transcript=1"
	qemu_boot "$dir/console.log" $((TEST_TIMEOUT + 120)) fuzz_line "$append"
	last=$(grep -a '^#[0-9]' "$dir/out.txt" | tail -n 1 | sed 's/^#\([0-9]*\).*/\1/')
	{
		printf 'END %s\n' "$BOOT_END"
		printf 'LASTOP %s\n' "${last:--1}"
		printf 'GUESTSECS %s\n' $((SECONDS - QEMU_T0))
	} >>"$res"
}
