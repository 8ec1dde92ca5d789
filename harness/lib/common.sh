# SPDX-License-Identifier: GPL-2.0
# Logging and phase timing shared by the harness. Sourced by harness/run.

PHASE_TIMES=()

say()
{
	printf '%s\n' "$*"
}

die()
{
	printf 'error: %s\n' "$*" >&2
	exit 1
}

# phase NAME CMD...: run CMD as one named step, remember its wall time.
phase()
{
	local name=$1 t0=$SECONDS
	shift
	say "==> $name"
	"$@"
	PHASE_TIMES+=("$(printf '%-28s %5ds' "$name" $((SECONDS - t0)))")
}

# END_RECAP: lines printed last, after the wall times, so that the tail of
# the output (all a CI log may keep) says what failed and why.
END_RECAP=()

print_phase_times()
{
	if [ ${#PHASE_TIMES[@]} -gt 0 ]; then
		say "== wall time per phase"
		printf '   %s\n' "${PHASE_TIMES[@]}"
	fi
	[ ${#END_RECAP[@]} -eq 0 ] || printf '%s\n' "${END_RECAP[@]}"
}
trap print_phase_times EXIT
set -E
trap 'echo "error: ${BASH_SOURCE[0]}:$LINENO: \"$BASH_COMMAND\" failed" >&2' ERR

# heavy CMD...: run CMD holding $HARNESS_LOCK when it is set. Sessions that
# share the machine set it to one file, so that only one of them compiles a
# kernel or runs QEMU at a time (2 cores do not take more).
heavy()
{
	if [ -z "${HARNESS_LOCK:-}" ]; then
		"$@"
		return
	fi
	local rc
	exec {HEAVY_FD}>>"$HARNESS_LOCK"
	if ! flock -n "$HEAVY_FD"; then
		say "    waiting for $HARNESS_LOCK"
		flock "$HEAVY_FD"
	fi
	"$@" && rc=0 || rc=$?
	exec {HEAVY_FD}>&-
	return $rc
}

# with_progress LOG LABEL PATTERN CMD...: run CMD with its output in LOG and
# print, every 20 s, how many lines of LOG match PATTERN so far. Returns CMD's
# status; on failure the end of LOG is shown.
with_progress()
{
	local log=$1 label=$2 pattern=$3 pid rc t0=$SECONDS
	shift 3
	"$@" >"$log" 2>&1 &
	pid=$!
	while ! wait_for "$pid" 20; do
		say "    $label: $(grep -c -E "$pattern" "$log" || true) so far, $((SECONDS - t0))s"
	done
	wait "$pid" && rc=0 || rc=$?
	if [ $rc -ne 0 ]; then
		tail -n 40 "$log" >&2
		say "    (whole log: $log)" >&2
	fi
	return $rc
}

# wait_for PID SECONDS: true once PID has exited, false if still running.
wait_for()
{
	local i
	for ((i = 0; i < $2; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 1
	done
	! kill -0 "$1" 2>/dev/null
}
