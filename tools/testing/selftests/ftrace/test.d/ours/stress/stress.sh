# SPDX-License-Identifier: GPL-2.0
# Helpers of the stress cases (test.d/ours/stress/*.tc), sourced by each.
#
# A teardown case starts workers, shell functions that a background loop
# calls over and over, and lets them race for $STRESS_SECONDS (longer if
# something the case needs has not happened yet); then it stops them, checks
# that none of them saw what must not happen and that each did what it is
# there for at least once, removes everything and checks that nothing stays
# busy. A kernel splat fails the case through the
# harness; a hang fails it here (a worker that does not stop) or through
# the unit's time limit and the hung task detector.
#
# Parameters, from the environment, where the guest's init puts the
# name=value words of the kernel command line (make stress STRESS_SECONDS=N
# passes stress_seconds=N; make check CHECK_APPEND='stress_seconds=N ...'
# any of them):
#   stress_seconds=N   how long the workers of a case race, and how long a
#                      map case goes on refilling (default 20)
#   stress_sizes=A,B   the table sizes map-fill.tc fills (default 128,131072)
#   stress_events=N    the events each CPU sends in map-shared-keys.tc
#                      (default 20000)

STRESS_SECONDS=${stress_seconds:-20}
POLL=$FTRACETEST_ROOT/poll
STOP=$TMPDIR/stop
STOP_LIMIT=60	# seconds the workers have to finish their last round
WORKERS=

# On an exit of a case before all_clean (a failure): stop the workers that
# are still running and remove what the stress cases make (triggers,
# instances, the sample module, dynamic and synthetic events), so that the
# cases after it start clean.
STRESS_CLEAN=
stress_exit() {
	local pid i
	[ -z "$STRESS_CLEAN" ] || return 0
	set +e +x
	touch $STOP
	for pid in $WORKERS; do
		kill $pid 2> /dev/null
	done
	wait
	for i in 1 2; do
		reset_trigger_file instances/*/events/*/*/trigger 2> /dev/null
		reset_trigger > /dev/null 2>&1
	done
	for i in instances/stress_*; do
		[ ! -d $i ] || rmdir $i
	done
	! lsmod | grep -q '^trace_events_sample ' || rmmod trace-events-sample
	for i in 1 2 3 4 5 6 7 8 9 10; do
		echo > dynamic_events 2> /dev/null && break
		sleep 0.5
	done
	echo > synthetic_events
}
trap stress_exit EXIT

fail() { # message
	echo "$1"
	exit_fail
}

# In a worker: count one WHAT; the totals are printed when the workers stop,
# and need() checks them.
count() { # what
	echo "$1" >> $TMPDIR/counts
}

# In a worker: report something that must not happen; the case fails.
bad() { # message
	echo "$*" >> $TMPDIR/bad
}

# rnd N: set R to a pseudo-random number in 0..N-1, from a seed each
# worker has its own of (POSIX shells have no $RANDOM).
RNG=1
rnd() { # n
	RNG=$(( (RNG * 1103515245 + 12345) % 2147483648 ))
	R=$(( RNG / 65536 % $1 ))
}

# worker NAME [FUNC ARGS...]: call FUNC ARGS (by default the function NAME)
# in a background loop until stop_workers. The loop runs without -e and -x:
# most commands of a race are expected to fail now and then, and a trace of
# them would be huge.
worker() {
	local name=$1 seed
	shift
	[ $# -gt 0 ] || set -- "$name"
	seed=$(( ${#WORKERS} * 7919 + 17 ))
	(
		set +e +x
		RNG=$seed
		while [ ! -e $STOP ]; do
			"$@"
		done
	) < /dev/null > /dev/null 2>&1 &
	WORKERS="$WORKERS $!"
	echo "worker $name: pid $!"
}

# race WHAT...: let the workers run for STRESS_SECONDS, and on past it
# while one of the WHATs has not happened yet (a slow machine, a debug
# kernel, a round of bad luck), for at most RACE_EXTRA more seconds; stop
# them, then need() each WHAT.
RACE_EXTRA=90
race() { # what...
	local t=0 what missing
	echo "racing for $STRESS_SECONDS s"
	sleep $STRESS_SECONDS
	while [ $t -lt $RACE_EXTRA ]; do
		missing=
		for what; do
			grep -q -x -F "$what" $TMPDIR/counts 2> /dev/null ||
				missing="$missing $what"
		done
		[ -n "$missing" ] || break
		[ $t -gt 0 ] || echo "racing on for:$missing"
		sleep 1
		t=$((t + 1))
	done
	stop_workers
	for what; do
		need $what
	done
}

# stop_workers: ask the workers to stop after their current round and wait
# for them; one still running STOP_LIMIT seconds later is a hang: show
# where every process is and fail. Then print the counts and fail on any
# bad() report.
stop_workers() {
	local t=0 pid left
	touch $STOP
	while :; do
		left=
		for pid in $WORKERS; do
			! kill -0 $pid 2> /dev/null || left="$left $pid"
		done
		[ -n "$left" ] || break
		if [ $t -ge $STOP_LIMIT ]; then
			echo "workers$left still running $STOP_LIMIT s after the end:"
			show_tasks
			fail "a worker hangs"
		fi
		sleep 1
		t=$((t + 1))
	done
	wait
	WORKERS=
	rm -f $STOP
	echo "what the workers did:"
	[ ! -e $TMPDIR/counts ] || sort $TMPDIR/counts | uniq -c
	if [ -s $TMPDIR/bad ]; then
		sort $TMPDIR/bad | uniq -c | head -n 40
		fail "the workers saw what must not happen"
	fi
}

# show_tasks: every user process with its state, wait channel and, when
# the kernel shows it, its kernel stack.
show_tasks() {
	local d
	for d in /proc/[0-9]*; do
		[ -n "$(cat $d/cmdline 2> /dev/null)" ] || continue
		echo "${d#/proc/} $(cut -d' ' -f3 $d/stat 2> /dev/null)" \
			"$(cat $d/comm 2> /dev/null) wchan=$(cat $d/wchan 2> /dev/null)" \
			"$(tr '\0' ' ' < $d/cmdline 2> /dev/null)"
		cat $d/stack 2> /dev/null | sed 's/^/    /'
	done
}

# hold FILE: in a worker, open FILE and keep it open over five rounds of a
# read from its start and a poll() of up to 20 ms (through poll.c), which
# lets the other workers remove what it belongs to meanwhile. Counts hold
# when the file could be opened. (A redirection of a compound command, as
# exec 3< FILE would end a POSIX shell when FILE is not there.)
hold() { # file
	local n
	{
		count hold
		for n in 1 2 3 4 5; do
			$POLL -r -t 20 <&3 > /dev/null
		done
	} 3< "$1"
}

# need WHAT [MIN]: the workers did WHAT at least MIN times (default 1), so
# the race covered it.
need() { # what [min]
	local n
	n=$(grep -c -x -F "$1" $TMPDIR/counts 2> /dev/null || true)
	[ "${n:-0}" -ge "${2:-1}" ] ||
		fail "the workers did '$1' ${n:-0} times, expected at least ${2:-1}"
}

# try WHAT FILE CMD: append CMD to FILE; count WHAT on success and
# WHAT-failed otherwise. Its status is the write's.
try() { # what file cmd
	if echo "$3" >> "$2"; then
		count "$1"
	else
		count "$1-failed"
		return 1
	fi
}

# remove_triggers FILE...: remove every trigger the files show, those with
# handlers first (they refer to the variables of the others); fail when one
# cannot be removed.
remove_triggers() {
	local f line pass
	for pass in 1 2 3; do
		for f; do
			[ -e "$f" ] || continue
			{ grep ':on[a-z]*(' "$f" || true
			  grep -v -e '^#' -e ':on[a-z]*(' "$f" || true; } |
			while read -r line; do
				line=${line% \[*\]}
				echo "!${line%:unlimited}" >> "$f"
			done 2> /dev/null
		done
	done
	for f; do
		[ -e "$f" ] || continue
		! grep -v '^#' "$f" || fail "cannot remove the triggers above from $f"
	done
}

# no_trigger_left: no trigger file of any event, in any instance, holds one.
no_trigger_left() {
	local left
	left=$(grep -v '^#' events/*/*/trigger instances/*/events/*/*/trigger 2> /dev/null || true)
	[ -z "$left" ] || fail "triggers left behind: $left"
}

# delete_all FILE: empty FILE (dynamic_events, synthetic_events,
# kprobe_events, uprobe_events), which deletes every event it lists. A
# user_event stays busy for a moment after the last process that wrote it
# exits: retry for up to 5 s before failing.
delete_all() { # file
	local i
	[ -e "$1" ] || return 0
	for i in $(seq 50); do
		if echo > "$1" 2> /dev/null; then
			[ -z "$(grep -v '^#' "$1")" ] || fail "$1 still lists: $(cat "$1")"
			return 0
		fi
		sleep 0.1
	done
	fail "cannot empty $1, it still lists: $(cat "$1")"
}

# all_clean: the final check of a case, once its workers stopped
# and its triggers are removed: no trigger anywhere, no dynamic or
# synthetic event that cannot be deleted, no instance that cannot be
# removed.
all_clean() {
	local i
	no_trigger_left
	for i in instances/*; do
		[ ! -d "$i" ] || rmdir "$i" || fail "cannot remove $i"
	done
	delete_all synthetic_events
	delete_all dynamic_events
	delete_all kprobe_events
	delete_all uprobe_events
	STRESS_CLEAN=1
}
