# SPDX-License-Identifier: GPL-2.0
#
# Real clients of the hist code, unmodified, guest side; sourced by
# check.sh. Units (harness/clients/README.md):
#
#   clients:libtracefs   /bin/tracefs-hist (harness/clients/tracefs-hist.c,
#                        built against Debian's libtracefs): hist triggers
#                        and synthetic events made through the library
#   clients:trace-cmd    Debian's trace-cmd records and reports a synthetic
#                        event made from hist triggers, and lists them (stat)
#   boottime:cmdline     hist triggers with onmax().save() set by the
#                        trace_trigger= kernel parameter, there after boot
#   boottime:bootconfig  a synthetic event with onmatch() and onmax() hist
#                        triggers from a bootconfig appended to the initrd
#
# The boottime units run only in a guest booted for them (the host passes
# harness_boottime=cmdline or =bootconfig with the kernel parameters);
# every unit's transcript must be refs/NAME.out, recorded on stock, byte for
# byte. With harness_clients_record=1 (make client-refs) the transcripts
# are also written to the second serial port.

CL=/harness/clients

clients_units()
{
	# Not in the initramfs of another architecture than x86_64.
	[ -x /bin/trace-cmd ] || return 0
	echo "clients clients:libtracefs"
	echo "clients clients:trace-cmd"
}

clients_boot_units()
{
	echo "boottime boottime:$harness_boottime"
}

clients_cleanup()
{
	# A unit that failed half-way must not leave its events to the next.
	echo '!hg_lat' >>$T/synthetic_events 2>/dev/null
	echo >$T/snapshot 2>/dev/null
}

run_clients()	# UNIT
{
	local unit=$1 name=${1##*:} out=/tmp/clients.out ref rc
	ref=$CL/refs/$name.out
	run_limited "$LIMIT" $CL/run-unit "$name" >$out 2>&1
	rc=$?
	clients_cleanup
	[ -z "$(tail -c 1 $out)" ] || echo >>$out

	if [ "${harness_clients_record:-}" = 1 ]; then
		{ echo "@@FILE $name"; sed 's/^/|/' $out; echo "@@END $name"; } >/dev/ttyS1
	fi

	if [ $rc -eq 124 ]; then
		result TIMEOUT "$unit" "killed after $LIMIT s"
		sed 's/^/    | /' $out
	elif [ $rc -eq 2 ] && [ "$unit" = boottime:bootconfig ]; then
		result UNSUPPORTED "$unit" "$(head -n 1 $out)"
	elif [ ! -f "$ref" ]; then
		result FAIL "$unit" "no reference refs/$name.out (make client-refs)"
		sed 's/^/    | /' $out
	elif grep -q '^FAILED: ' $out; then
		result FAIL "$unit" "$(grep -c '^FAILED: ' $out) failed checks of its own, transcript on the console"
		sed 's/^/    | /' $out
	elif ! diff -u "$ref" $out >/tmp/clients.diff; then
		result FAIL "$unit" "differs from harness/clients/refs/$name.out, diff on the console"
		head -n 300 /tmp/clients.diff | sed 's/^/    | /'
	else
		result PASS "$unit"
	fi
}
