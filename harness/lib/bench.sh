# SPDX-License-Identifier: GPL-2.0
# make bench, host side: our kernel against stock, built with the same
# configuration (harness/config/test.config; ours adds only its KUnit
# suites, which do not run: kunit.enable=0), booted under the same QEMU
# settings, one after the other, round after round (ours, stock, ours,
# stock...). Each boot runs harness/guest/bench.sh, which measures every
# shape with its triggers and with the same triggers behind a filter that is
# never true; harness/bench/report.py turns what the boots printed into a
# table, a CSV and a PNG chart of the ratios.
#
# Settings (the Makefile passes them on):
#   BENCH_ROUNDS=5       rounds; a round boots each of the two kernels once
#   BENCH_SECONDS=1.5    seconds the guest loops for each variant of a shape
#                        (with the triggers, and behind a never-true filter)
#   BENCH_SLICES=2       in that many slices, the variants taking turns
#                        (miss hit hit miss); the report averages them
#   BENCH_SHAPES=all     the shapes, or a comma list (harness/guest/bench.sh);
#                        those of syntax stock refuses (OURS_SHAPES there)
#                        only by name, with BENCH_STOCK a build of ours
#   BENCH_EXTRAS=1       also the 100k-entry read, the memory per entry and
#                        the trigger creation and removal time (0: not)
#   BENCH_MODE=compare   ours against stock; "noise" boots stock against
#                        itself, the same way: the noise floor
#   BENCH_STAT=p10       the figure of a measurement the report uses: p10,
#                        the 10th percentile of its chunks' times (robust
#                        to a host that takes the vCPU away now and then),
#                        p50 (their median) or mean (the whole loop's)
#   BENCH_CLOCK=wall     the guest's clock runs with the host's time; "icount"
#                        runs it by instructions (QEMU -icount shift=2: a
#                        guest instruction is 4 ns), so a figure counts the
#                        instructions the guest ran and no host noise gets
#                        in. The vCPUs then share one host thread and the
#                        one clock: the two-CPU shapes are left out.
#   BENCH_OURS=DIR BENCH_STOCK=DIR   boot the kernels built in DIR (the
#                        build/ours, build/stock of another checkout, as
#                        PREBUILT) instead of building them here
#   BENCH_PEER=stock     the other side; "bpftrace" runs ours' hist triggers
#                        against Debian's bpftrace on the syscall events of
#                        write(2), both in each boot of one kernel, ours
#                        built with FLAVOUR=bpf (harness/config/bpf.config;
#                        BENCH_OURS a build of that flavour), each shape
#                        both ways (harness/guest/bench-bpftrace.sh); a
#                        round is one boot; the guest gets MEM=2G (when
#                        MEM is the default 1G) for bpftrace's libraries
#
# A run's files go to build/bench/DATE-MODE/ (build/bench/latest is the last
# one): raw.tsv (one measurement a line), results.csv, table.txt,
# ratios.png, meta.txt, progress.log (every measurement as it came) and
# the console of every boot.

BENCH_ROUNDS=${BENCH_ROUNDS:-5}
BENCH_SECONDS=${BENCH_SECONDS:-1.5}
BENCH_SLICES=${BENCH_SLICES:-2}
BENCH_SHAPES=${BENCH_SHAPES:-all}
BENCH_EXTRAS=${BENCH_EXTRAS:-1}
BENCH_MODE=${BENCH_MODE:-compare}
BENCH_STAT=${BENCH_STAT:-p10}
BENCH_CLOCK=${BENCH_CLOCK:-wall}
BENCH_PEER=${BENCH_PEER:-stock}
BENCH_ICOUNT='shift=2,sleep=off'
BENCH_IDLE=300		# seconds of a silent guest before it counts as hung

# bench_kernel NAME: the bzImage of kernel NAME (ours or stock), copied to
# build/bench/kernels/NAME/, so that a rebuild elsewhere during the run
# cannot change what the rounds boot. From BENCH_OURS/BENCH_STOCK when set,
# else built here as harness/run build does.
bench_kernel()
{
	local name=$1 pre dst=$BUILD/bench/kernels/$1
	if [ "$name" = ours ]; then
		pre=${BENCH_OURS:-}
	else
		pre=${BENCH_STOCK:-}
	fi
	if [ -z "$pre" ]; then
		KERNEL=$name OUT=$(flavour_out "$name")
		tree_prepare
		kconfig_configure
		kbuild_build
		pre=$OUT
	fi
	pre=$(cd "$pre" && pwd) || die "$pre: no such directory"
	[ -f "$pre/obj/arch/x86/boot/bzImage" ] ||
		die "$pre has no kernel built by the harness (obj/arch/x86/boot/bzImage)"
	[ "$BENCH_PEER" != bpftrace ] || grep -q '^CONFIG_BPF_EVENTS=y' "$pre/obj/.config" ||
		die "$pre is not built with FLAVOUR=bpf (no CONFIG_BPF_EVENTS): BENCH_PEER=bpftrace needs it"
	rm -rf "$dst"
	mkdir -p "$dst/obj/arch/x86/boot" "$dst/obj/include/config"
	cp "$pre/obj/arch/x86/boot/bzImage" "$dst/obj/arch/x86/boot/"
	cp "$pre/obj/.config" "$dst/obj/.config"
	cp "$pre/obj/include/config/kernel.release" "$dst/obj/include/config/"
	say "    $name: $pre/obj/arch/x86/boot/bzImage ($(cat "$dst/obj/include/config/kernel.release"))"
}

# The configuration symbols in which the two kernels differ; the KUnit
# suites of ours are expected (harness/config/ours.config).
bench_config_diff()
{
	local a=$BUILD/bench/kernels/$1/obj/.config b=$BUILD/bench/kernels/$2/obj/.config
	diff <(grep '^CONFIG_' "$a" | sort) <(grep '^CONFIG_' "$b" | sort) |
		sed -n 's/^[<>] \(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' | sort -u | tr '\n' ' '
}

# bench_bpftrace ROOT: Debian's bpftrace in ROOT, with the libraries it is
# linked with and the loader they name.
bench_bpftrace()
{
	local root=$1 lib bt=/usr/bin/bpftrace
	[ -x $bt ] || die "BENCH_PEER=bpftrace needs Debian's bpftrace (apt-get install bpftrace)"
	mkdir -p "$root/lib/x86_64-linux-gnu" "$root/lib64"
	cp $bt "$root/bin/"
	for lib in $(ldd $bt | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'); do
		cp -L "$lib" "$root/lib/x86_64-linux-gnu/"
	done
	cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
	cp "$HARNESS/guest/bench-bpftrace.sh" "$root/harness/"
}

# The guest's root: busybox, bash, /init, bench.sh and benchloop only (the
# same for both kernels: they need no modules); with BENCH_PEER=bpftrace,
# bpftrace too.
bench_initramfs()
{
	local root=$BUILD/bench/initramfs
	rm -rf "$root"
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,run,root,etc,harness}
	initramfs_userland "$root"
	gcc -static -O2 -Wall -o "$BUILD/bench/benchloop" "$HARNESS/bench/loop.c" ||
		die "cannot build $HARNESS/bench/loop.c"
	cp "$BUILD/bench/benchloop" "$root/bin/benchloop"
	cp "$HARNESS/guest/init" "$root/init"
	cp "$HARNESS/guest/bench.sh" "$root/harness/"
	chmod +x "$root/init" "$root/harness/bench.sh"
	[ "$BENCH_PEER" != bpftrace ] || bench_bpftrace "$root"
	(cd "$root" && find . -print0 | cpio -0 -o -H newc --quiet) >"$BUILD/bench/initramfs.cpio"
	say "    $BUILD/bench/initramfs.cpio ($(du -k "$BUILD/bench/initramfs.cpio" | cut -f1) KiB)"
}

# One console line of a bench boot: the guest's @@B markers into raw.tsv
# and onto the terminal. raw.tsv has one line a result, tab-separated:
#   ROUND SIDE M SHAPE VARIANT P10 P50 MEAN ITERATIONS   a measurement (ns an
#                                                   iteration, bench.sh)
#   ROUND SIDE X NAME - VALUE UNIT                  an extra
bench_line()
{
	local line=$1 rest kind name variant value extra p10 p50
	[ "$V" != 1 ] || printf '    | %s\n' "$line"
	if [[ $line =~ $SPLAT_RE ]]; then
		BENCH_SPLATS=$((BENCH_SPLATS + 1))
		say "    kernel report: ${line#*] }"
		return 0
	fi
	case $line in
	*'@@B '*) rest=${line#*@@B } ;;
	*) return 0 ;;
	esac
	read -r kind name _ <<<"$rest"
	case $kind in
	M)	# M SHAPE VARIANT P10 P50 MEAN ITERATIONS [SIDE]
		read -r _ _ variant p10 p50 value extra side <<<"$rest"
		side=${side:-$BENCH_SIDE}
		printf '%s\t%s\tM\t%s\t%s\t%s\t%s\t%s\t%s\n' "$BENCH_ROUND" "$side" \
			"$name" "$variant" "$p10" "$p50" "$value" "$extra" >>"$BENCH_DIR/raw.tsv"
		printf 'round %s %-8s %-13s %-4s %10s ns an iteration (p10; median %s, mean %s, %s iterations)\n' \
			"$BENCH_ROUND" "$side" "$name" "$variant" "$p10" "$p50" "$value" "$extra" \
			>>"$BENCH_DIR/progress.log" ;;
	X)	# X NAME VALUE UNIT [SIDE]
		read -r _ _ value extra side <<<"$rest"
		side=${side:-$BENCH_SIDE}
		printf '%s\t%s\tX\t%s\t-\t%s\t%s\n' "$BENCH_ROUND" "$side" \
			"$name" "$value" "$extra" >>"$BENCH_DIR/raw.tsv"
		printf '    %-8s %-13s      %12s %s\n' "$side" "$name" "$value" "$extra" ;;
	I)	# I SHAPE TOTALS: after the shape's last slice
		printf '%s\t%s\t%s\n' "$BENCH_ROUND" "$BENCH_SIDE" "${rest#I }" >>"$BENCH_DIR/info.txt"
		bench_shape_summary "$name" "${rest#I "$name" }" ;;
	ERR)	BENCH_ERRORS=$((BENCH_ERRORS + 1))
		printf '%s\t%s\t%s\n' "$BENCH_ROUND" "$BENCH_SIDE" "$rest" >>"$BENCH_DIR/errors.txt"
		say "    ERROR ($BENCH_SIDE) ${rest#ERR }" ;;
	DONE)	BENCH_DONE=1 ;;
	esac
	return 0
}

# bench_shape_summary SHAPE TOTALS: the progress lines of a shape measured:
# its figures (BENCH_STAT) of this boot, a line a side the boot ran, and
# its hist's Totals.
bench_shape_summary()
{
	local only=$BENCH_SIDE
	[ "${#BENCH_KERNELS[@]}" != 1 ] || only=	# both sides in one boot
	awk -F '\t' -v r="$BENCH_ROUND" -v shape="$1" -v only="$only" \
		-v col="$BENCH_STAT_COL" -v totals="$2" '
		$1 == r && $3 == "M" && $4 == shape && (only == "" || $2 == only) {
			if (!($2 in seen)) { seen[$2] = 1; sides[++nsides] = $2 }
			s[$2, $5] += $col; n[$2, $5]++
		}
		END {
			for (i = 1; i <= nsides; i++) {
				side = sides[i]
				if (!n[side, "hit"] || !n[side, "miss"]) {
					printf "    %-8s %-13s (%s)\n", side, shape, totals
					continue
				}
				hit = s[side, "hit"] / n[side, "hit"]
				miss = s[side, "miss"] / n[side, "miss"]
				printf "    %-8s %-13s %9.0f ns, own %6.0f ns   (%s)\n", side, shape,
				       hit, hit - miss, totals
			}
		}' "$BENCH_DIR/raw.tsv"
}

# bench_boot ROUND SIDE KERNEL: one boot of KERNEL measuring everything,
# its results recorded as SIDE's of ROUND.
bench_boot()
{
	local log=$BENCH_DIR/console-r$1-$2.log
	BENCH_ROUND=$1 BENCH_SIDE=$2 BENCH_DONE=0
	OBJ=$BUILD/bench/kernels/$3/obj
	QEMU_INITRD=$BUILD/bench/initramfs.cpio
	if [ "$BENCH_CLOCK" = icount ]; then
		QEMU_TCG_THREAD=single	# -icount needs it
		QEMU_EXTRA=(-icount "$BENCH_ICOUNT")
	else
		QEMU_TCG_THREAD=multi	# a host thread per vCPU: two CPUs at once
	fi
	: >"$log"
	printf 'boot\t%s\t%s\t%s\tload %s\n' "$1" "$2" "$3" "$(cut -d' ' -f1-3 /proc/loadavg)" \
		>>"$BENCH_DIR/meta.txt"
	qemu_boot "$log" "$BENCH_IDLE" bench_line \
		"quiet kunit.enable=0 harness_mode=bench bench_shapes=$BENCH_SHAPES bench_seconds=$BENCH_SECONDS bench_slices=$BENCH_SLICES bench_extras=$BENCH_EXTRAS bench_peer=$BENCH_PEER"
	if [ "$BOOT_END" != poweroff ] || [ "$BENCH_DONE" != 1 ]; then
		BENCH_ERRORS=$((BENCH_ERRORS + 1))
		say "    ERROR: the guest ended with '$BOOT_END' before it was done; see $log"
	fi
}

# The rounds: a boot of each of BENCH_KERNELS (SIDE_A's, then SIDE_B's;
# one boot of both sides with BENCH_PEER=bpftrace), BENCH_ROUNDS times,
# with the time left.
bench_rounds()
{
	local r i n=0 per=${#BENCH_KERNELS[@]} t0=$SECONDS left total
	total=$((BENCH_ROUNDS * per))
	for ((r = 1; r <= BENCH_ROUNDS; r++)); do
		for ((i = 0; i < per; i++)); do
			left=
			if [ $n -gt 0 ]; then
				left=$(((SECONDS - t0) * (total - n) / n))
				left=", about $((left / 60))m$((left % 60))s left"
			fi
			n=$((n + 1))
			say "    boot $n/$total: round $r/$BENCH_ROUNDS, ${BENCH_SIDES[i]}; $(((SECONDS - t0) / 60))m$(((SECONDS - t0) % 60))s so far$left"
			phase "round $r ${BENCH_SIDES[i]}" bench_boot "$r" "${BENCH_SIDES[i]}" "${BENCH_KERNELS[i]}"
		done
	done
}

bench_main()
{
	local k run
	[ "$FLAVOUR" = plain ] || die "make bench measures the plain flavour only"
	[ -z "${PREBUILT:-}" ] || die "make bench boots two kernels: BENCH_OURS=DIR BENCH_STOCK=DIR, not PREBUILT"
	case $BENCH_PEER:$BENCH_MODE in
	stock:compare) BENCH_SIDES=(ours stock) BENCH_KERNELS=(ours stock) ;;
	stock:noise)	BENCH_SIDES=(stockA stockB) BENCH_KERNELS=(stock stock) ;;
	bpftrace:compare)
		# One kernel, both sides in each of its boots; bpftrace and
		# its libraries take some 200 MB of the initramfs.
		BENCH_SIDES=(ours bpftrace) BENCH_KERNELS=(ours)
		FLAVOUR=bpf
		[ "$MEM" != 1G ] || MEM=2G ;;
	bpftrace:*) die "BENCH_PEER=bpftrace has no BENCH_MODE=$BENCH_MODE" ;;
	stock:*) die "BENCH_MODE must be compare or noise, not '$BENCH_MODE'" ;;
	*)	die "BENCH_PEER must be stock or bpftrace, not '$BENCH_PEER'" ;;
	esac
	[[ $BENCH_ROUNDS =~ ^[1-9][0-9]*$ ]] || die "BENCH_ROUNDS must be a number of rounds"
	case $BENCH_STAT in
	p10)	BENCH_STAT_COL=6 ;;	# its column in raw.tsv
	p50)	BENCH_STAT_COL=7 ;;
	mean)	BENCH_STAT_COL=8 ;;
	*)	die "BENCH_STAT must be p10, p50 or mean, not '$BENCH_STAT'" ;;
	esac
	[[ $BENCH_SLICES =~ ^[1-9][0-9]*$ ]] || die "BENCH_SLICES must be a number of slices"
	case $BENCH_CLOCK in
	wall)	;;
	icount)	# One instruction clock for both vCPUs: no two CPUs at once.
		if [ "$BENCH_SHAPES" = all ]; then
			BENCH_SHAPES=pid,num4096,compound,log2,execname,string,stack,vars,chain,full,sys-off,sys-floor,sys-pid,sys-vars,sys-chain,sys-stack
		elif [[ ,$BENCH_SHAPES, =~ ,smp- ]]; then
			die "BENCH_CLOCK=icount runs no two-CPU shape (smp-*)"
		fi ;;
	*)	die "BENCH_CLOCK must be wall or icount, not '$BENCH_CLOCK'" ;;
	esac
	[[ $BENCH_SECONDS =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "BENCH_SECONDS must be a number of seconds"
	run=$(date +%Y%m%d-%H%M%S)-$BENCH_MODE
	BENCH_DIR=$BUILD/bench/$run
	BENCH_ERRORS=0 BENCH_SPLATS=0
	mkdir -p "$BENCH_DIR"
	: >"$BENCH_DIR/raw.tsv"

	phase "packages" deps_install
	if [ -z "${BENCH_OURS:-}" ] || [ -z "${BENCH_STOCK:-}" ]; then
		phase "base tree" tree_base
	fi
	for k in $(printf '%s\n' "${BENCH_KERNELS[@]}" | sort -u); do
		phase "kernel ($k)" bench_kernel "$k"
	done
	phase "initramfs" bench_initramfs
	{
		printf 'mode\t%s\n' "$BENCH_MODE"
		printf 'sides\t%s\t%s\n' "${BENCH_SIDES[@]}"
		printf 'rounds\t%s\nseconds\t%s\nslices\t%s\nshapes\t%s\nstat\t%s\n' "$BENCH_ROUNDS" \
			"$BENCH_SECONDS" "$BENCH_SLICES" "$BENCH_SHAPES" "$BENCH_STAT"
		if [ "$BENCH_CLOCK" = icount ]; then
			printf 'qemu\t-accel %s -smp %s -m %s -icount %s\n' "$ACCEL" "$SMP" "$MEM" "$BENCH_ICOUNT"
		else
			printf 'qemu\t-accel %s -smp %s -m %s\n' "$ACCEL" "$SMP" "$MEM"
		fi
		printf 'clock\t%s\n' "$BENCH_CLOCK"
		printf 'date\t%s\n' "$(date '+%Y-%m-%d %H:%M')"
		printf 'host\t%s cores, %s\n' "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
		for k in $(printf '%s\n' "${BENCH_KERNELS[@]}" | sort -u); do
			printf 'kernel\t%s\t%s\t%s\n' "$k" \
				"$(cat "$BUILD/bench/kernels/$k/obj/include/config/kernel.release")" \
				"$(sha1sum <"$BUILD/bench/kernels/$k/obj/arch/x86/boot/bzImage" | cut -c1-12)"
		done
		if [ "${BENCH_KERNELS[*]}" = "ours stock" ]; then
			printf 'config-differs\t%s\n' "$(bench_config_diff ours stock)"
		fi
		printf 'peer\t%s\n' "$BENCH_PEER"
	} >"$BENCH_DIR/meta.txt"
	if [ "${BENCH_KERNELS[*]}" = "ours stock" ]; then
		k=$(grep '^config-differs' "$BENCH_DIR/meta.txt" | cut -f2)
		say "    configurations differ in: ${k:-nothing}"
		# Ours has its KUnit suites (harness/config/ours.config) and nothing else.
		if tr ' ' '\n' <<<"$k" | grep -v -e '^$' -e '_KUNIT_TEST$' | grep -q .; then
			say "    WARNING: more than ours' KUnit suites differ: not the same configuration"
		fi
	fi
	say "==> $BENCH_ROUNDS round$([ "$BENCH_ROUNDS" = 1 ] || echo s) of ${BENCH_SIDES[0]} and ${BENCH_SIDES[1]}, $BENCH_SECONDS s a variant of a shape in $BENCH_SLICES slices; files in $BENCH_DIR"
	bench_rounds
	ln -sfn "$run" "$BUILD/bench/latest"
	phase "report" python3 "$HARNESS/bench/report.py" "$BENCH_DIR"
	if [ "$BENCH_ERRORS" -gt 0 ] || [ "$BENCH_SPLATS" -gt 0 ]; then
		say "$BENCH_ERRORS errors, $BENCH_SPLATS kernel reports: see $BENCH_DIR/errors.txt and the console logs"
		return 1
	fi
}
