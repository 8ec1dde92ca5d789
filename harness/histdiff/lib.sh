# SPDX-License-Identifier: GPL-2.0
# Helpers for the hist differential cases (harness/histdiff/cases/*.sh).
# Sourced by run-case in the guest, in /sys/kernel/tracing. Every helper
# prints what it does, so that a case's output is a transcript: the
# commands, their outcome, and the files they produce, normalised so that
# only what stock and ours must agree on is left (see README.md).

# append FILE CMD: append CMD to FILE (>>), as `echo 'CMD' >> FILE` would.
# Prints the command, and on failure the errno text and the error_log.
append()
{
	write_cmd '>>' "$@"
}

# trunc FILE CMD: write CMD to FILE truncating it (>), as `echo 'CMD' > FILE`.
trunc()
{
	write_cmd '>' "$@"
}

write_cmd()
{
	local how=$1 file=$2 cmd=$3 err
	printf '%s %s: %s\n' "$how" "$file" "$cmd"
	if [ ! -e "$file" ]; then
		printf '   FAILED: no such file\n'
		return
	fi
	if [ "$how" = '>' ]; then
		err=$( { printf '%s\n' "$cmd" >"$file"; } 2>&1 )
	else
		# No subshell on this path, the one nearly every command takes:
		# a fork costs more than the write under TCG.
		printf '%s\n' "$cmd" 2>/tmp/histdiff.err >>"$file"
		IFS= read -r err </tmp/histdiff.err
	fi
	if [ -n "$err" ]; then
		printf '   FAILED: %s\n' "${err##*write error: }"
		errlog
	elif has_line error_log; then
		printf '   ok, but error_log says:\n'
		errlog
	fi
}

# trigger EVENT CMD: append CMD to events/EVENT/trigger (EVENT is sys/name,
# or instances/NAME/events/sys/name given in full with a leading "instances/").
trigger()
{
	evpath "$1"
	append "$EVPATH/trigger" "$2"
}

# try EVENT CMD: append CMD to the event's trigger file, and when it is
# accepted show the trigger file ("   now: " lines) and empty it, so that
# each command of a list is judged alone.
try()
{
	local f
	evpath "$1"
	f=$EVPATH/trigger
	append "$f" "$2"
	if has_entry "$f"; then
		sed 's/^/   now: /' "$f"
		: >"$f" 2>/dev/null
	fi
}

# try_synth CMD: the same for a synthetic event definition: append CMD to
# synthetic_events; what stock accepted is shown and deleted again.
try_synth()
{
	append synthetic_events "$1"
	if has_line synthetic_events; then
		sed 's/^/   now: /' synthetic_events
		echo >synthetic_events 2>/dev/null
	fi
}

evdir()
{
	evpath "$1"
	echo "$EVPATH"
}

# evpath EVENT: the same into $EVPATH, without the subshell of $(evdir).
evpath()
{
	case $1 in
	instances/*) EVPATH=$1 ;;
	*) EVPATH=events/$1 ;;
	esac
}

# has_line FILE: whether FILE holds a line; has_entry FILE: a line that is
# not a comment. Shell builtins only (a fork per command counts here).
has_line()
{
	local l
	IFS= read -r l <"$1" || [ -n "$l" ]
}

has_entry()
{
	local l
	while IFS= read -r l || [ -n "$l" ]; do
		case $l in
		'#'*) ;;
		*) return 0 ;;
		esac
	done <"$1"
	return 1
}

# errlog: print the error_log (timestamps masked) and clear it.
errlog()
{
	if has_line error_log; then
		sed -E 's/^\[ *[0-9]+\.[0-9]+\] /[TIME] /; s/^/   | /' error_log
	fi
	: >error_log
}

# gen ARGS...: run histgen ARGS, print the command line.
gen()
{
	printf '$ histgen %s\n' "$*" | norm
	histgen pidfile=/tmp/hg.pid "$@" || printf '   histgen FAILED\n'
	HG_PID=$(cat /tmp/hg.pid)
}

# show FILE: print FILE under a header line, normalised.
show()
{
	printf '== %s\n' "$1"
	if [ -e "$1" ]; then norm <"$1"; else echo "(no such file)"; fi
}

# debug EVENT: the part of EVENT's hist_debug file that is the same on
# every kernel: the header of each trigger ("# event histogram", its trigger
# info). The body, the compiled layout, is each implementation's own; ours
# is the one Documentation/trace/histogram-design.rst describes, checked by
# test.d/ours/hist/hist-doc-design-debug.tc.
debug()
{
	local f
	evpath "$1"
	f=$EVPATH/hist_debug
	printf '== %s (headers)\n' "$f"
	if [ -e "$f" ]; then grep '^#' "$f" | norm; else echo "(no such file)"; fi
}

# hist EVENT: show the hist file of EVENT (see trigger for the names).
hist()
{
	evpath "$1"
	show_hist "$EVPATH/hist"
}

# trig EVENT: show the trigger file of EVENT.
trig()
{
	evpath "$1"
	show "$EVPATH/trigger"
}

# norm: what every output goes through. The pid of the last histgen run,
# as a common_pid key (plain or .execname), becomes PID, kernel text addresses
# (ffffffff81000000 to ffffffff89ffffff here) become ADDR,
# the ID of an event in its format file becomes N.
norm()
{
	local pid='s/^$//'
	[ -z "${HG_PID:-}" ] ||
		pid="s/(common_pid:) +$HG_PID\b/\1 PID/g; s/(common_pid: .{16}\[) *$HG_PID\]/\1PID]/g"
	sed -E -e "$pid" \
		-e 's/(\b|0x)ffffffff8[1-9][0-9a-f]{6}\b/\1ADDR/g' -e 's/^ID: [0-9]+$/ID: N/'
}

# sched_flags: in hist output keyed on common_flags.hex, clear the two
# bits that say a reschedule was pending when the event was written
# (TRACE_FLAG_NEED_RESCHED 0x04, TRACE_FLAG_PREEMPT_RESCHED 0x20): a timer
# tick can set them on any hit, on any kernel, so they are timing, not
# behaviour. Entries that become equal are merged (hitcounts added, in the
# place of the first) and the table's "Entries:" line recounted.
sched_flags()
{
	awk '
	function hex(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^\{ .*common_flags: [0-9a-f]+ \} hitcount: +[0-9]+$/ {
		match($0, /common_flags: [0-9a-f]+/)
		f = hex(substr($0, RSTART + 14, RLENGTH - 14))
		f = sprintf("%x", f - (int(f / 4) % 2) * 4 - (int(f / 32) % 2) * 32)
		k = substr($0, 1, RSTART + 13) f " "
		if (!(k in hits))
			row[++n] = k
		hits[k] += $NF
		next
	}
	n {
		for (i = 1; i <= n; i++)
			printf "%s} hitcount: %10d\n", row[i], hits[row[i]]
		entries = n; n = 0; split("", hits)
	}
	/^    Entries: / && entries { $0 = "    Entries: " entries; entries = 0 }
	{ print }
	'
}

# show_hist FILE: a hist file through norm and through ties: entries whose
# sort keys are equal (adjacent after sorting) are put in a fixed order,
# since their order is the one thing the contract lets differ.
show_hist()
{
	printf '== %s\n' "$1"
	if [ -e "$1" ]; then norm <"$1" | ties; else echo "(no such file)"; fi
}

ties()
{
	awk '
	function flush(   i, j, t) {
		for (i = 2; i <= n; i++)	# insertion sort of the group
			for (j = i; j > 1 && grp[j - 1] > grp[j]; j--) {
				t = grp[j]; grp[j] = grp[j - 1]; grp[j - 1] = t
			}
		for (i = 1; i <= n; i++)
			printf "%s", grp[i]
		n = 0; last = ""
	}
	# The text of field NAME in entry E: what follows "NAME:" up to the
	# next field or the end of the key braces.
	function val(e, name,   i, v) {
		i = index(e, " " name ": ")
		if (!i)
			return ""
		v = substr(e, i + length(name) + 3)
		if (match(v, /(, [A-Za-z_][A-Za-z0-9_.]*: |}|  [A-Za-z])/))
			v = substr(v, 1, RSTART - 1)
		gsub(/^ +| +$/, "", v)
		return v
	}
	function sortkey(e,   i, k) {
		k = ""
		for (i = 1; i <= nsort; i++)
			k = k "\001" val(e, sortf[i])
		return k
	}
	function add(e,   k) {
		k = sortkey(e)
		if (n && k != last)
			flush()
		grp[++n] = e; last = k
	}
	/^# trigger info: / {
		flush()
		spec = $0
		nsort = 1; sortf[1] = "hitcount"
		if (match(spec, /:sort=[^: ]+/)) {
			nsort = split(substr(spec, RSTART + 6, RLENGTH - 6), sortf, ",")
			for (i = 1; i <= nsort; i++)
				sub(/\..*/, "", sortf[i])
		}
		print; next
	}
	# The max:/changed: line of onmax()/onchange() belongs to the entry
	# above it.
	/^\t/ && n > 0 { grp[n] = grp[n] $0 "\n"; next }
	inentry {
		entry = entry $0 "\n"
		if (index($0, "}")) { inentry = 0; add(entry) }
		next
	}
	/^\{ / {
		if (index($0, "}")) { add($0 "\n"); next }
		inentry = 1; entry = $0 "\n"; next
	}
	{ flush(); print }
	END { flush() }'
}

# reset_tracing: remove what cases create (triggers, synthetic and dynamic
# events, instances), empty the buffers and the error log. Run by the suite
# before and after every case. Prints what it could not remove.
reset_tracing()
{
	local pass files f line i
	files=$(trigger_files)
	for pass in 1 2 3 4 5 6; do
		[ -n "$files" ] || break
		for f in $files; do
			if [ $pass -gt 3 ]; then
				# Some specs stock prints do not parse back (keys=cpu
				# shows as common_cpu): truncating removes them all.
				: >"$f" 2>/dev/null
				continue
			fi
			# Triggers with handlers reference the others: those first.
			{ grep ':on[a-z]*(' "$f"; grep -v ':on[a-z]*(' "$f"; } |
			while IFS= read -r line; do
				printf '!%s\n' "${line% \[*\]}" >>"$f"
			done 2>/dev/null
		done
		files=$(trigger_files)
	done
	for i in instances/*; do
		[ -d "$i" ] && rmdir "$i" 2>/dev/null
	done
	[ ! -d events/sample-trace ] || rmmod trace-events-sample 2>/dev/null
	echo 0 >events/enable
	[ ! -e synthetic_events ] || echo >synthetic_events 2>/dev/null
	[ ! -e dynamic_events ] || echo >dynamic_events 2>/dev/null
	[ ! -e snapshot ] || echo 0 >snapshot
	echo 1 >tracing_on
	echo >trace
	: >error_log

	for f in $files; do
		sed "s|^|left in $f: |" "$f"
	done
	for i in instances/*; do
		[ ! -d "$i" ] || echo "left: $i"
	done
	[ ! -e dynamic_events ] || sed 's/^/left in dynamic_events: /' dynamic_events
	[ ! -e synthetic_events ] || sed 's/^/left in synthetic_events: /' synthetic_events
}

# The trigger files that hold a trigger.
trigger_files()
{
	grep -L '^# Available triggers' events/*/*/trigger \
		instances/*/events/*/*/trigger 2>/dev/null
}

# fuzz_answers SEED COUNT: run the fuzzer's stream of SEED as make fuzzdiff
# runs it (gen.py --diff SEED COUNT, made when the initramfs was built,
# harness/fuzz/README.md) and print its answers: every command with its
# outcome and error_log entries, and every trigger, synthetic_events or
# dynamic_events file the stream read, as fuzzexec's transcript has them;
# then fuzzexec's reports (a refusal that left something, a leftover, a
# kernel report). The hist tables the stream read are left out: make
# fuzzdiff compares those, with what varies from run to run masked.
fuzz_answers()
{
	local t=/tmp/fuzz-answers.t r=/tmp/fuzz-answers.r
	fuzzexec -t -o $t "/harness/histdiff/streams/$1-$2.txt" >$r 2>&1
	awk '/^#[0-9]+ ([atdD] |r .*(\/trigger|_events)$)/ { keep = 1; print; next }
	     /^#/ { keep = 0; next }
	     keep' $t
	grep -v '^SUMMARY ' $r
}

# ---- Common event sources -------------------------------------------------
#
# user_events created in dynamic_events (so they outlive histgen) and the
# histgen arguments that fill them with known data. Every data set gives
# each distinct key a distinct number of hits, so that the default sort
# (by hitcount) leaves no ties.

# Integers of every size and sign. Rows, with their repeat counts:
#   x1  small values, negatives        x2  each field's extreme (max/min)
#   x3  zero/the other extreme         x4  17 and 5 everywhere
UE_INTS='hg_ints u8 u8v;s8 s8v;u16 u16v;s16 s16v;u32 u32v;s32 s32v;u64 u64v;s64 s64v'
ints_event()
{
	append dynamic_events "u:$UE_INTS"
}
ints_gen()
{
	gen comm=hgints user="$UE_INTS" \
		emit=1,-1,1000,-1000,100000,-100000,10000000000,-10000000000 \
		emit=2*255,-128,65535,-32768,4294967295,-2147483648,18446744073709551615,-9223372036854775808 \
		emit=3*0,127,0,32767,0,2147483647,0,9223372036854775807 \
		emit=4*17,5,17,5,17,5,17,5
}

# The C type names user_events accepts.
UE_CTYPES='hg_ctypes char c;unsigned char uc;short sh;unsigned short ush;int i;unsigned int ui'
ctypes_event()
{
	append dynamic_events "u:$UE_CTYPES"
}
ctypes_gen()
{
	gen comm=hgctypes user="$UE_CTYPES" \
		emit=-5,250,-300,60000,-70000,4000000000 \
		emit=2*65,66,67,68,69,70 \
		emit=3*0,0,0,0,0,0
}

# Strings: a static char[16], a __data_loc and a __rel_loc dynamic string,
# and a number. s is truncated to 15 characters by histgen.
UE_STRS='hg_strs char[16] s;__data_loc char[] d;__rel_loc char[] r;u32 n'
strs_event()
{
	append dynamic_events "u:$UE_STRS"
}
strs_gen()
{
	gen comm=hgstrs user="$UE_STRS" \
		emit=alpha,one,uno,1 \
		emit=2*beta,two,dos,2 \
		emit=3*a-rather-long-static-string,a-dynamic-string-that-is-much-longer-than-thirty-two-characters,x,3 \
		emit=4*,,,4
}

# A number to walk through buckets, log2 and graphs: v takes the values
# 1..20 with v hits each, then 100, 1000 and 4096 with 21, 22 and 23 hits;
# w = 3 * v and neg = -v.
UE_SPREAD='hg_spread u32 v;u64 w;s32 neg'
spread_event()
{
	append dynamic_events "u:$UE_SPREAD"
}
spread_gen()
{
	local v args=
	for v in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		args="$args emit=$v*$v,$((3 * v)),-$v"
	done
	args="$args emit=21*100,300,-100 emit=22*1000,3000,-1000 emit=23*4096,12288,-4096"
	# shellcheck disable=SC2086
	gen comm=hgspread user="$UE_SPREAD" $args
}

# Kernel addresses for .sym and .sym-offset, from /proc/kallsyms.
UE_ADDR='hg_addr u64 addr;u32 n'
addr_event()
{
	append dynamic_events "u:$UE_ADDR"
}
ksym()	# SYMBOL -> its address, 0x...
{
	awk -v s="$1" '$3 == s { print "0x" $1; exit }' /proc/kallsyms
}

# Pairs of events for the inter-event cases: hg_start then hg_end with the
# same id. The deltas end.val - start.val are, in order of the ends:
#   id 1: 50, id 2: 90, id 1: 10, id 3: 500 (and an end with id 4 that
#   has no start), so onmax sees 50, 90 (new max), 10, 500 (new max).
UE_START='hg_start u32 id;u64 val;char[16] tag;__data_loc char[] dtag'
UE_END='hg_end u32 id;u64 val;s32 code'
pairs_event()
{
	append dynamic_events "u:$UE_START"
	append dynamic_events "u:$UE_END"
}
pairs_gen()
{
	gen comm=hgpairs \
		user="$UE_START" emit=1,100,one,d-one \
		user="$UE_END" emit=1,150,-1 \
		user="$UE_START" emit=2,200,two,d-two \
		user="$UE_END" emit=2,290,0 \
		user="$UE_START" emit=1,1000,one-again,d-one-again \
		user="$UE_END" emit=1,1010,1 \
		user="$UE_START" emit=3,5,three,d-three \
		user="$UE_END" emit=3,505,7 \
		user="$UE_END" emit=4,9,4
}

# trace: the trace buffer without its header, each line reduced to
# "comm: event: text" (pid, CPU, flags and timestamp are not compared).
trace()
{
	printf '== trace\n'
	grep -v '^#' trace | sed -E 's/^ *(.*)-[0-9]+ +\[[0-9]+\] [^ ]+ +[0-9]+\.[0-9]+: /\1: /' | norm
}
