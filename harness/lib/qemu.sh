# SPDX-License-Identifier: GPL-2.0
# Booting the guest under QEMU. The kernel console is the first serial port;
# qemu_boot reads it line by line, keeps it in a log file and hands every line
# to a handler, and stops the guest when it stays silent for too long. With
# oops=panic panic=1 and -no-reboot, a crash ends QEMU instead of leaving a
# dead guest behind.

# Kernel command line shared by every boot. A soft lockup, a hung task or an
# oops panics, which ends QEMU; the check driver then reboots to go on.
QEMU_APPEND_BASE="console=$CONSOLE oops=panic panic=1 softlockup_panic=1 hung_task_panic=1 hung_task_timeout_secs=120"

# More QEMU arguments for qemu_boot, after the console: diff-refs adds a
# second serial port (the guest's ttyS1) this way.
QEMU_EXTRA=()

# The initramfs to boot, when not $OUT/initramfs.cpio: the fuzzer boots it
# with a stream appended (harness/lib/fuzz.sh).
QEMU_INITRD=

# With ACCEL=tcg, the guest's vCPUs share one host thread (thread=single)
# unless QEMU_TCG_THREAD=multi. With a host thread per vCPU, QEMU 7.2
# (Debian 12's) has twice let a vCPU run a breakpoint the kernel had already
# patched back, through text_poke_bp() and its IPIs: "Oops: int3" at a
# tracepoint's static call in __schedule(), on ours while triggers were
# added and removed (harness/fuzz/FINDINGS.md, 12). One thread runs the
# vCPUs in turn, so code one of them rewrites is rewritten for all. make
# bench, which measures two CPUs hitting at once, runs multi.
QEMU_TCG_THREAD=${QEMU_TCG_THREAD:-single}

qemu_cmd()
{
	local accel=$ACCEL

	[ "$accel" != tcg ] || accel="tcg,thread=$QEMU_TCG_THREAD"
	QEMU=("${QEMU_SYSTEM[@]}" -accel "$accel" -m "$MEM" -smp "$SMP"
	      -kernel "$(arch_image)" -initrd "${QEMU_INITRD:-$OUT/initramfs.cpio}"
	      -no-reboot -display none -net none)
}

# qemu_boot LOG IDLE HANDLER APPEND: boot with kernel arguments APPEND, append
# the console to LOG, call HANDLER LINE for each line. Sets BOOT_END to
#   poweroff  the guest said it was done (the init prints "@@H POWEROFF")
#   exit      QEMU ended otherwise: a panic, a triple fault, a reboot
#   hang      nothing printed for IDLE seconds; QEMU was killed
# and QEMU_T0 to the time QEMU started (after waiting for HARNESS_LOCK).
qemu_boot()
{
	local log=$1 idle=$2 handler=$3 append=$4 line fd pid rc
	qemu_cmd
	BOOT_END=exit
	[ -z "${HARNESS_LOCK:-}" ] || exec {HEAVY_FD}>>"$HARNESS_LOCK"
	[ -z "${HARNESS_LOCK:-}" ] || flock "$HEAVY_FD"
	QEMU_T0=$SECONDS
	exec {fd}< <(exec "${QEMU[@]}" -monitor none -serial stdio "${QEMU_EXTRA[@]}" \
		-append "$QEMU_APPEND_BASE $append" </dev/null 2>&1)
	pid=$!
	while :; do
		line=
		if IFS= read -r -t "$idle" -u "$fd" line; then
			rc=0
		else
			rc=$?
		fi
		if [ $rc -gt 128 ]; then
			BOOT_END=hang
			kill -9 "$pid" 2>/dev/null || true
			break
		fi
		line=${line%$'\r'}
		if [ $rc -eq 0 ] || [ -n "$line" ]; then
			printf '%s\n' "$line" >>"$log"
			case $line in
			*'@@H POWEROFF'*) BOOT_END=poweroff ;;
			esac
			"$handler" "$line"
		fi
		[ $rc -eq 0 ] || break
	done
	exec {fd}<&-
	wait "$pid" 2>/dev/null || true
	[ -z "${HARNESS_LOCK:-}" ] || exec {HEAVY_FD}>&-
}

qemu_print_line()
{
	case $1 in
	*'@@H '*) ;;
	*) printf '%s\n' "$1" ;;
	esac
}

qemu_demo()
{
	local log=$OUT/demo-console.log
	: >"$log"
	say "    guest console follows (kernel log in $log)"
	qemu_boot "$log" 600 qemu_print_line "quiet kunit.enable=0 harness_mode=demo"
	case $BOOT_END in
	poweroff) ;;
	hang) die "the guest hung (no output for 600 s); see $log" ;;
	*) die "the guest crashed or rebooted; see $log" ;;
	esac
}

qemu_shell()
{
	qemu_cmd
	say "==> shell: guest console on this terminal; 'exit' or Ctrl-A X ends it"
	"${QEMU[@]}" -serial mon:stdio \
		-append "$QEMU_APPEND_BASE quiet kunit.enable=0 harness_mode=shell"
}
