# SPDX-License-Identifier: GPL-2.0
# Real clients of the hist code, host side (the guest side is
# harness/guest/clients.sh and harness/clients/run-unit; the README is
# harness/clients/README.md).
#
# clients_initramfs ROOT  tracefs-hist (built static against Debian's
#                         libtracefs.a and libtraceevent.a), Debian's
#                         trace-cmd and jq (the JSON parser the hist_json
#                         test reads with) with their shared libraries
#                         and the loader, run-unit and the references,
#                         into ROOT
# clients_boot_run TOP    the boottime units: one guest each, booted with
#                         the kernel parameters of boot-cmdline.txt, or
#                         with boot.bconf appended to the initramfs;
#                         results merged into TOP
# clients_refs            boot stock, run the clients units, write their
#                         transcripts over harness/clients/refs/

CLIENTS=$HARNESS/clients

clients_initramfs()
{
	local root=$1 prog lib
	gcc -static -O2 -Wall -I/usr/include/tracefs -I/usr/include/traceevent \
		-o "$OUT/tracefs-hist" "$CLIENTS/tracefs-hist.c" \
		-l:libtracefs.a -l:libtraceevent.a 2>"$OUT/tracefs-hist.log" ||
		{ cat "$OUT/tracefs-hist.log" >&2; die "cannot build $CLIENTS/tracefs-hist.c"; }
	cp "$OUT/tracefs-hist" "$root/bin/tracefs-hist"

	# trace-cmd and jq as Debian ships them: the binaries, the libraries
	# they are linked with, and the loader they name.
	mkdir -p "$root/lib/x86_64-linux-gnu" "$root/lib64"
	for prog in /usr/bin/trace-cmd /usr/bin/jq; do
		cp "$prog" "$root/bin/"
		for lib in $(ldd "$prog" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'); do
			cp -L "$lib" "$root/lib/x86_64-linux-gnu/"
		done
	done
	cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"

	mkdir -p "$root/harness/clients"
	cp -a "$CLIENTS/run-unit" "$CLIENTS/refs" "$root/harness/clients/"
}

# The bootconfig tool of the base tree, built here (it is not packaged).
clients_bootconfig_tool()
{
	local src=$BASE/tools/bootconfig
	[ -x "$OUT/bootconfig" ] && [ "$OUT/bootconfig" -nt "$src/main.c" ] && return 0
	gcc -Wall -O2 -I"$src/include" -o "$OUT/bootconfig" "$src/main.c" \
		"$BASE/lib/bootconfig.c" || die "cannot build $src"
}

# clients_boot_run TOP: each boottime unit in a guest of its own.
clients_boot_run()
{
	local top=$1 mode dir append initrd
	# Its programs are the host's (clients_initramfs): x86_64 only.
	arch_native || return 0
	for mode in cmdline bootconfig; do
		check_wanted "boottime:$mode" || continue
		dir=$top/boot-$mode
		mkdir -p "$dir"
		initrd=
		append="kunit.enable=0 harness_boottime=$mode"
		case $mode in
		cmdline)
			append="$append $(grep -v '^#' "$CLIENTS/boot-cmdline.txt")" ;;
		bootconfig)
			if ! grep -q '^CONFIG_BOOT_CONFIG=y' "$OBJ/.config"; then
				CHECK_DIR=$top check_record UNSUPPORTED boottime:bootconfig \
					"the kernel has no CONFIG_BOOT_CONFIG (harness/config/test.config; rebuild)"
				continue
			fi
			clients_bootconfig_tool
			initrd=$OUT/initramfs-bootconfig.cpio
			cp "$OUT/initramfs.cpio" "$initrd"
			"$OUT/bootconfig" -a "$CLIENTS/boot.bconf" "$initrd" >/dev/null ||
				die "bootconfig -a $CLIENTS/boot.bconf failed"
			append="$append bootconfig" ;;
		esac
		(PHASE_TIMES=() QEMU_INITRD=$initrd CHECK_APPEND="$append${CHECK_APPEND:+ $CHECK_APPEND}" \
		 TESTS=boottime:$mode
		 check_guest "$dir" 1/1
		 printf '%s\n' "${PHASE_TIMES[@]}" >"$dir/phases")
		cat "$dir/results.txt" >>"$top/results.txt"
		cat "$dir/times.txt" >>"$top/times.txt" 2>/dev/null || true
		cat "$dir/console.log" >>"$top/console.log"
		while IFS= read -r line; do
			[ -z "$line" ] || PHASE_TIMES+=("$line (boottime:$mode)")
		done <"$dir/phases"
	done
}

clients_refs()
{
	TESTS=${TESTS:-clients:,boottime:}
	refs_record harness_clients_record "$CLIENTS/refs"
	refs_changed "$CLIENTS/refs"
}
