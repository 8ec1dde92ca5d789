# SPDX-License-Identifier: GPL-2.0
# The guest's root file system, packed as build/$KERNEL/initramfs.cpio:
#
#   /bin          busybox applets; /bin/sh is Debian's bash-static as a real
#                 file (busybox ash re-executes applets through /proc/self/exe,
#                 which breaks tests matching sched_process_exec filenames);
#                 initramfs_userland puts them in (make bench uses it too)
#   /init         harness/guest/init; the guest scripts live in /harness
#   /ftrace       the base tree's tools/testing/selftests/ftrace with the
#                 project's tools/testing/selftests/ftrace laid over
#   /ftrace/poll  our poll.c there, built static (the hist poll() test)
#   /bin/failnth  harness/faults/failnth.c, built static (the allocation-
#                 failure sweep of the kcsan flavour, harness/guest/faults.sh)
#   /lib/modules  the kernel's modules (gen_test modules, trace-events-sample)
#   /bin/histgen, /harness/histdiff
#                 the hist differential test (harness/histdiff/)
#   /bin/fuzzexec, /harness/fuzz/streams
#                 the fuzzer and the streams of the check suite (harness/fuzz/)
#   /bin/tracefs-hist, /bin/trace-cmd, /bin/jq, /lib/x86_64-linux-gnu,
#   /lib64, /harness/clients
#                 the real clients (harness/clients/): our libtracefs test
#                 program (static) and Debian's trace-cmd with its libraries;
#                 Debian's jq, which reads hist_json in its test
#   /bin/hist-exporter, /harness/exporter
#                 tools/tracing/hist-exporter with its libraries, its test
#                 configuration and workload (harness/exporter/)

# The functions defined in the objects of our files (kernel/trace/*.c of
# the project), for the kmemleak unit of the debug flavour.
initramfs_our_symbols()
{
	local c o
	for c in "$TOP"/kernel/trace/*.c; do
		o=$OBJ/kernel/trace/$(basename "$c" .c).o
		[ -f "$o" ] || continue
		nm --defined-only "$o" | awk '$2 ~ /^[tT]$/ { print $3 }'
	done | sort -u
}

# initramfs_userland ROOT: the guest's programs in ROOT/bin (made before):
# busybox's applets, bash-static as /bin/sh, a nice(1) shim, and /etc's
# passwd and group (root, and "tracer", an unprivileged user for the cases
# that check what tracefs lets one do). make bench's initramfs is this and
# little more.
initramfs_userland()
{
	local root=$1 a
	cp "$(arch_deb_bin busybox-static /bin/busybox)" "$root/bin/busybox"
	# The host's busybox lists the applets: Debian builds the package of
	# every architecture from one configuration.
	for a in $(/bin/busybox --list); do
		case $a in
		busybox|sh|bash|'[[') ;;	# never overwrite busybox or the shell
		*) ln -s busybox "$root/bin/$a" ;;
		esac
	done
	cp "$(arch_deb_bin bash-static /bin/bash-static)" "$root/bin/sh"
	ln -s sh "$root/bin/bash"
	# busybox-static has no nice(1).
	printf '#!/bin/sh\n# nice [-n N] CMD...: busybox-static has no nice applet\nn=10\n[ "$1" = -n ] && { n=$2; shift 2; }\nrenice -n "$n" -p $$ >/dev/null\nexec "$@"\n' \
		>"$root/bin/nice"
	chmod +x "$root/bin/nice"
	printf 'root:x:0:0:root:/root:/bin/sh\ntracer:x:1000:1000:tracer:/:/bin/sh\n' \
		>"$root/etc/passwd"
	printf 'root:x:0:\ntracer:x:1000:\n' >"$root/etc/group"
}

initramfs_build()
{
	local root=$OUT/initramfs
	rm -rf "$root"
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,run,root,etc,lib,harness}
	initramfs_userland "$root"

	cp -a "$OUT/modroot/lib/modules" "$root/lib/"

	cp -a "$BASE/tools/testing/selftests/ftrace" "$root/ftrace"
	if [ -d "$TOP/tools/testing/selftests/ftrace" ]; then
		cp -a "$TOP/tools/testing/selftests/ftrace/." "$root/ftrace/"
	fi
	arch_cc -static -O2 -Wall -o "$OUT/poll" "$TOP/tools/testing/selftests/ftrace/poll.c" ||
		die "cannot build tools/testing/selftests/ftrace/poll.c"
	cp "$OUT/poll" "$root/ftrace/poll"
	arch_cc -static -O2 -Wall -o "$OUT/failnth" "$HARNESS/faults/failnth.c" ||
		die "cannot build harness/faults/failnth.c"
	cp "$OUT/failnth" "$root/bin/failnth"

	histdiff_initramfs "$root"
	fuzz_initramfs "$root"
	if arch_native; then
		clients_initramfs "$root"
		exporter_initramfs "$root"
	fi

	cp "$HARNESS/guest/init" "$root/init"
	cp "$HARNESS"/guest/*.sh "$HARNESS/known-failures.txt" \
	   "$HARNESS/config/unit-seconds.txt" "$root/harness/"
	cp "$OUT/switched-off.txt" "$root/harness/switched-off.txt"
	echo "$KERNEL" >"$root/harness/kernel"
	echo "$FLAVOUR" >"$root/harness/flavour"
	initramfs_our_symbols >"$root/harness/our-symbols.txt"
	chmod +x "$root/init" "$root"/harness/*.sh

	(cd "$root" && find . -print0 | cpio -0 -o -H newc --quiet) >"$OUT/initramfs.cpio"
	say "    $OUT/initramfs.cpio ($(du -m "$OUT/initramfs.cpio" | cut -f1) MiB)"
}
