#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tools/tracing/hist-exporter in the guest (harness/exporter/README.md).
#   exporter_units          the unit of check.sh: exporter:errors
#   run_exporter errors     bad inputs, adoption, a trigger removed under
#                           the exporter, clean exit (one guest, loopback)
#   exporter_serve          harness_mode=exporter: the guest side of the
#                           host's exporter:prometheus unit: eth0 up, the
#                           exporter on port 9464, the workload in two
#                           phases (hx_phase1, hx_phase2: N:SIZE,...), then
#                           "@@X DONE"; the host ends the guest

EX=/harness/exporter
EX_CONF=/tmp/ex.conf
T=/sys/kernel/tracing

exporter_units()
{
	# Not in the initramfs of another architecture than x86_64.
	[ -x /bin/hist-exporter ] || return 0
	echo "exporter exporter:errors"
}

# Every trigger file the tests write to, to compare before and after.
ex_triggers()
{
	cat $T/events/syscalls/sys_enter_write/trigger \
	    $T/events/syscalls/sys_enter_read/trigger \
	    $T/events/sched/sched_switch/trigger
}

ex_fail()
{
	EX_BAD="$EX_BAD; $*"
	echo "    | FAIL: $*"
}

# ex_refused NAME PATTERN: the configuration $EX_CONF (with the options
# $EX_ARGS) must exit 1 with a message matching PATTERN and leave every
# trigger file as it was.
ex_refused()
{
	local name=$1 pat=$2 before rc
	before=$(ex_triggers)
	hist-exporter $EX_ARGS $EX_CONF >/tmp/ex.out 2>&1
	rc=$?
	sed 's/^/    | /' /tmp/ex.out
	[ $rc -eq 1 ] || ex_fail "$name: exit status $rc, not 1"
	grep -q -e "$pat" /tmp/ex.out || ex_fail "$name: no message matching '$pat'"
	[ "$(ex_triggers)" = "$before" ] || ex_fail "$name: the trigger files changed"
}

ex_conf()
{
	cat >$EX_CONF
}

ex_get()	# [ACCEPT] -> /metrics on stdout
{
	wget -q -O - ${1:+--header "Accept: $1"} http://127.0.0.1:9464/metrics
}

ex_wait_log()	# PATTERN: up to 10 s for the exporter's log to show it
{
	local i
	for i in $(seq 20); do
		grep -q -e "$1" /tmp/exd.out && return 0
		sleep 0.5
	done
	return 1
}

# ex_start WHAT [OPTION...]: the exporter on $EX_CONF in the background
# (EX_PID), until its log says it serves.
ex_start()
{
	local what=$1
	shift
	hist-exporter "$@" $EX_CONF >/tmp/exd.out 2>&1 &
	EX_PID=$!
	ex_wait_log "serving " || ex_fail "$what: the exporter did not start"
}

# ex_stop WHAT [SIGNAL]: stop it with SIGNAL (TERM); it must exit 0 and
# leave nothing on sched_switch.
ex_stop()
{
	local rc
	kill -"${2:-TERM}" $EX_PID
	wait $EX_PID
	rc=$?
	sed 's/^/    | /' /tmp/exd.out
	[ $rc -eq 0 ] || ex_fail "$1: exit status $rc after SIG${2:-TERM}"
	grep -v '^#' $T/events/sched/sched_switch/trigger | grep -q . &&
		ex_fail "$1: left $(grep -v '^#' $T/events/sched/sched_switch/trigger)"
}

ex_errors()
{
	local pid
	echo "== a configuration error: file and line"
	printf 'listen 127.0.0.1:9464\n# comment\nmetric a\n  event syscalls/sys_enter_write\n  bogus x\n' | ex_conf
	ex_refused config "ex.conf:5: 'bogus': unknown keyword"
	printf 'metric a\n  help no event\nmetric b\n  event sched/sched_switch\n  trigger hist:keys=next_pid\n' | ex_conf
	ex_refused section "ex.conf:1: metric a: no 'event'"

	echo "== an unknown event, after a good metric: nothing left"
	printf 'metric a\n event syscalls/sys_enter_read\n trigger hist:keys=fd\nmetric b\n event nosuch/event\n trigger hist:keys=x\n' | ex_conf
	ex_refused event "metric b (line 4): unknown event nosuch/event"

	echo "== a trigger the kernel refuses: its error_log entry"
	printf 'metric a\n event syscalls/sys_enter_read\n trigger hist:keys=fd\nmetric b\n event sched/sched_switch\n trigger hist:keys=no_such_field\n' | ex_conf
	ex_refused refused "error: Couldn't find field"
	grep -q "Command: hist:keys=no_such_field" /tmp/ex.out || ex_fail "refused: no Command line"
	grep -q "refused 'hist:keys=no_such_field' on sched/sched_switch; error_log:" /tmp/ex.out ||
		ex_fail "refused: not said which trigger"

	echo "== no tracefs there"
	printf 'tracefs /tmp\nmetric a\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
	ex_refused tracefs "no tracefs at /tmp"

	echo "== an instance that does not exist"
	printf 'metric a\n instance nosuch\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
	ex_refused instance "no trace instance 'nosuch'"

	echo "== label names: each once, none reserved (issue 40, item 2)"
	printf 'metric a\n event sched/sched_switch\n trigger hist:keys=prev_pid,next_pid\n labels prev_pid=pid next_pid=pid\n' | ex_conf
	ex_refused label-twice "ex.conf:4: 'labels': a label name given to two keys"
	printf 'metric a\n event sched/sched_switch\n trigger hist:keys=prev_pid\n labels prev_pid=__name__\n' | ex_conf
	ex_refused label-reserved "ex.conf:4: 'labels': .*not 'le' nor beginning with '__'"
	printf 'metric a\n event sched/sched_waking\n trigger hist:keys=comm,common_pid.execname\n' | ex_conf
	ex_refused comm-twice "metric a (line 1): the keys comm and common_pid both make the label 'comm'"
	grep -v '^#' $T/events/sched/sched_waking/trigger | grep -q . &&
		ex_fail "comm-twice: left $(grep -v '^#' $T/events/sched/sched_waking/trigger)"

	echo "== family names: none made twice (issue 40, item 3)"
	printf 'metric a\n event syscalls/sys_enter_write\n trigger hist:keys=fd:vals=count\nmetric a_count\n event syscalls/sys_enter_read\n trigger hist:keys=fd\n' | ex_conf
	ex_refused family-across "metric a_count (line 4): its family a_count and metric a's family a_count both make 'a_count'"
	printf 'metric h\n event syscalls/sys_enter_write\n trigger hist:keys=fd.log2:vals=count\n' | ex_conf
	ex_refused family-histogram "metric h (line 1): its family h_count and metric h's family h both make 'h_count'"
	printf 'metric x\n event syscalls/sys_enter_write\n trigger hist:keys=fd\nmetric x_dropped\n event syscalls/sys_enter_read\n trigger hist:keys=fd\n' | ex_conf
	ex_refused family-own "both make 'x_dropped"

	echo "== --web.config.file: what it does not know, or cannot read, is an error"
	printf 'metric a\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
	printf 'tls_server_config:\n  cert_file: /nosuch.crt\n  key_file: /nosuch.key\n' >/tmp/web.yml
	EX_ARGS=--web.config.file=/tmp/web.yml ex_refused web-nocert "/tmp/web.yml: cert_file /nosuch.crt: No such file"
	printf 'basic_auth_users:\n  u: plain\n' >/tmp/web.yml
	EX_ARGS=--web.config.file=/tmp/web.yml ex_refused web-plain "a password must be a bcrypt hash"
	printf 'http_server_config:\n  http2: true\n' >/tmp/web.yml
	EX_ARGS=--web.config.file=/tmp/web.yml ex_refused web-unknown "only tls_server_config and basic_auth_users are known"

	echo "== a port in use"
	busybox nc -l -p 9464 >/dev/null 2>&1 &
	pid=$!
	sleep 0.5
	printf 'listen 127.0.0.1:9464\nmetric a\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
	ex_refused port "cannot listen on 127.0.0.1:9464: Address already in use"
	kill $pid 2>/dev/null
	wait $pid 2>/dev/null
}

ex_serving()
{
	local out spec want rc
	echo "== serving: three triggers installed (one in an instance), one adopted"
	echo 'hist:keys=fd:vals=hitcount,count' >>$T/events/syscalls/sys_enter_read/trigger
	mkdir $T/instances/hx
	ex_conf <<-'EOC'
	listen 127.0.0.1:9464
	metric hx_bytes
	  help Bytes written to descriptor 77
	  event syscalls/sys_enter_write
	  trigger hist:keys=count.log2=2:vals=hitcount,count if fd == 77
	metric hx_calls
	  help write(2) calls by task and descriptor
	  event syscalls/sys_enter_write
	  trigger hist:keys=common_pid.execname,fd:vals=count.max if fd == 77
	metric hx_reads
	  event syscalls/sys_enter_read
	  adopt hist:keys=fd:vals=hitcount,count
	metric hx_inst
	  instance hx
	  event syscalls/sys_enter_write
	  trigger hist:keys=common_pid.execname,count.buckets=1000:vals=hitcount,count.min if fd == 77
	EOC
	hist-exporter -v $EX_CONF >/tmp/exd.out 2>&1 &
	EX_PID=$!
	ex_wait_log "serving 4 metrics" || ex_fail "the exporter did not start"
	/harness/exporter/workload 3:100 2:5000
	out=$(ex_get)
	echo "$out" | sed 's/^/    | /'
	for want in 'hx_bytes_bucket{le="111"} 3' 'hx_bytes_bucket{le="5119"} 5' \
		    'hx_bytes_bucket{le="+Inf"} 5' 'hx_bytes_count 5' 'hx_bytes_sum 10300' \
		    'hx_calls_total{comm="workload",fd="77"} 5' \
		    'hx_calls_count_max{comm="workload",fd="77"} 5000' \
		    '# TYPE hx_calls_total counter' '# TYPE hx_bytes histogram' \
		    'hx_bytes_entries 2' 'hx_bytes_dropped_total 0' '# TYPE hx_reads_total counter' \
		    'hx_inst_bucket{comm="workload",le="999"} 3' \
		    'hx_inst_bucket{comm="workload",le="5999"} 5' 'hx_inst_count{comm="workload"} 5' \
		    'hx_inst_count_min{comm="workload"} 100'; do
		echo "$out" | grep -qxF "$want" || ex_fail "text format: no line '$want'"
	done
	out=$(ex_get 'application/openmetrics-text; version=1.0.0')
	for want in '# TYPE hx_calls counter' 'hx_calls_total{comm="workload",fd="77"} 5' '# EOF'; do
		echo "$out" | grep -qxF "$want" || ex_fail "OpenMetrics: no line '$want'"
	done
	echo "$out" | tail -n 1 | grep -qx '# EOF' || ex_fail "OpenMetrics: not ended by # EOF"
	wget -q -O - http://127.0.0.1:9464/ 2>/dev/null | grep -q 'href="/metrics"' ||
		ex_fail "no landing page at / linking to /metrics"
	wget -q -O /dev/null http://127.0.0.1:9464/nosuch 2>/dev/null && ex_fail "/nosuch answered, not 404"
	for want in 'hist_exporter_read_success{metric="hx_bytes"} 1' \
		    'hist_exporter_trigger_present{metric="hx_reads"} 1' \
		    "hist_exporter_build_info{version=\"$(hist-exporter --version | cut -d' ' -f2)\"} 1"; do
		echo "$out" | grep -qxF "$want" || ex_fail "self-metrics: no line '$want'"
	done
	echo "$out" | grep -q '^hist_exporter_read_duration_seconds{metric="hx_inst"} [0-9.]*$' ||
		ex_fail "self-metrics: no read duration of hx_inst"

	echo "== its trigger removed by someone else"
	spec=$(grep -o 'hist:keys=count.log2=2[^[]*' $T/events/syscalls/sys_enter_write/trigger)
	echo "!${spec% }" >>$T/events/syscalls/sys_enter_write/trigger ||
		ex_fail "cannot remove '$spec' by hand"
	out=$(ex_get)
	echo "$out" | grep -q '^hx_bytes' && ex_fail "hx_bytes still exported"
	echo "$out" | grep -q '^hx_calls_total' || ex_fail "hx_calls gone too"
	ex_wait_log "metric hx_bytes: the trigger on syscalls/sys_enter_write is gone" ||
		ex_fail "the log does not say hx_bytes is gone"
	echo "== the same trigger put back by hand: exported, not the exporter's"
	echo "${spec% }" >>$T/events/syscalls/sys_enter_write/trigger
	ex_get | grep -qx 'hx_bytes_entries 0' || ex_fail "hx_bytes not exported again"

	echo "== SIGTERM: what it installed removed, the adopted trigger left"
	kill -TERM $EX_PID
	wait $EX_PID
	rc=$?
	sed 's/^/    | /' /tmp/exd.out
	[ $rc -eq 0 ] || ex_fail "exit status $rc after SIGTERM"
	grep -q '^hist:keys=fd:vals=hitcount,count' $T/events/syscalls/sys_enter_read/trigger ||
		ex_fail "the adopted trigger was removed"
	[ "$(grep -v '^#' $T/events/syscalls/sys_enter_write/trigger)" = "${spec}[active]" ] ||
		ex_fail "on sys_enter_write: '$(grep -v '^#' $T/events/syscalls/sys_enter_write/trigger)', not only the one put back"
	grep -v '^#' $T/instances/hx/events/syscalls/sys_enter_write/trigger | grep -q . &&
		ex_fail "left in the instance: $(grep -v '^#' $T/instances/hx/events/syscalls/sys_enter_write/trigger)"
	echo "!${spec% }" >>$T/events/syscalls/sys_enter_write/trigger
	echo '!hist:keys=fd:vals=hitcount,count' >>$T/events/syscalls/sys_enter_read/trigger
	rmdir $T/instances/hx

	# Each signal that ends a process by default (issue 40, item 1).
	for sig in HUP QUIT USR1 ALRM; do
		echo "== SIG$sig: what it installed removed"
		printf 'listen 127.0.0.1:9464\nmetric s\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
		ex_start "SIG$sig"
		ex_stop "SIG$sig" $sig
	done
	[ -e /run/hist-exporter-9464.triggers ] && ex_fail "the default state file was left"

	ex_concurrent
	ex_user

	echo "== SIGKILL: the next run removes what it left, then installs its own"
	printf 'listen 127.0.0.1:9464\nstate /tmp/ex.state\nmetric s\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
	ex_start SIGKILL
	kill -KILL $EX_PID
	wait $EX_PID
	grep -q '^hist:keys=next_pid' $T/events/sched/sched_switch/trigger ||
		ex_fail "SIGKILL: no trigger left behind, nothing for the next run to recover"
	[ -s /tmp/ex.state ] || ex_fail "SIGKILL: no state file"
	ex_start "the run after SIGKILL"
	grep -q "on sched/sched_switch, left by an earlier run that did not stop cleanly" /tmp/exd.out ||
		ex_fail "the run after SIGKILL does not say it removed the leftover"
	[ "$(grep -c '^hist:keys=next_pid' $T/events/sched/sched_switch/trigger)" = 1 ] ||
		ex_fail "after the restart: $(grep -v '^#' $T/events/sched/sched_switch/trigger)"
	ex_stop "the run after SIGKILL"
	[ -e /tmp/ex.state ] && ex_fail "the state file stayed after a clean stop"
}

# "user": once its triggers are in, the exporter is that user, reads the
# tables through tracefs's gid=, and still removes its triggers at exit.
ex_user()
{
	echo "== user tracer, tracefs closed to it: its table unread, its trigger still its own"
	printf 'listen 127.0.0.1:9464\nuser tracer\nstate /tmp/exu.state\nmetric s\n event sched/sched_switch\n trigger hist:keys=next_pid\n' | ex_conf
	ex_start "user, closed"
	ex_get | grep -q '^s_' && ex_fail "user, closed: a table served that tracer cannot read"
	ex_wait_log "metric s: cannot read or parse the hist_json of sched/sched_switch" ||
		ex_fail "user, closed: the log does not say the table is unread"
	ex_stop "user, closed"
	grep -q 'is gone' /tmp/exd.out && ex_fail "user, closed: an unreadable table taken for a trigger gone"

	echo "== user tracer: the triggers installed as root, then served as tracer"
	mount -o remount,gid=1000,mode=0750 $T || ex_fail "user: cannot remount tracefs with gid=1000"
	ex_start user
	grep -q 'running as user tracer (uid 1000, gid 1000)' /tmp/exd.out ||
		ex_fail "user: does not say it became tracer"
	[ "$(awk '/^Uid:/ { print $2 $3 $4 $5 }' /proc/$EX_PID/status)" = 1000100010001000 ] ||
		ex_fail "user: $(grep -E '^(Uid|Gid):' /proc/$EX_PID/status | tr '\n' ' ')"
	ex_get | grep -qx 's_entries [0-9]*' || ex_fail "user: no table served as tracer"
	ex_stop user
	[ -s /tmp/exu.state ] && ex_fail "user: the state file still lists $(cat /tmp/exu.state)"
	rm -f /tmp/exu.state
	mount -o remount,gid=0,mode=0700 $T
}

# ex_round N: N scrapes at once, each answer in /tmp/exc.K; waits for all.
ex_round()
{
	local k pids=
	rm -f /tmp/exc.*
	for k in $(seq "$1"); do
		wget -q -O /tmp/exc.$k http://127.0.0.1:9464/m 2>/dev/null &
		pids="$pids $!"
	done
	wait $pids
}

# Scrapes at once share one read of the tables; past --web.max-requests,
# 503 (issue 40, item 8). A table of 8000 entries makes a scrape long
# enough under QEMU for six requests to overlap; up to five rounds are
# tried for each, as overlap is a matter of timing.
ex_concurrent()
{
	local round shared= refused= n
	echo "== scrapes at once: one read shared; past --web.max-requests, 503"
	printf 'listen 127.0.0.1:9464\nmetric big\n event syscalls/sys_enter_write\n trigger hist:keys=count:size=16384 if fd == 77\n' | ex_conf
	ex_start concurrent -v --web.telemetry-path=/m
	grep -q "serving 1 metrics on http://127.0.0.1:9464/m" /tmp/exd.out ||
		ex_fail "--web.telemetry-path: not serving on /m"
	/harness/exporter/workload $(seq 1 8000 | sed 's/^/1:/')
	for round in 1 2 3 4 5; do
		n=$(grep -c 'scrape: text' /tmp/exd.out)
		ex_round 6
		for k in 1 2 3 4 5 6; do
			grep -qx 'big_entries 8000' /tmp/exc.$k || ex_fail "answer $k of round $round is not whole"
		done
		[ $(($(grep -c 'scrape: text' /tmp/exd.out) - n)) -lt 6 ] && { shared=$round; break; }
	done
	[ -n "$shared" ] || ex_fail "six scrapes at once made six reads in each of five rounds"
	echo "    | six scrapes at once, round $shared: $(($(grep -c 'scrape: text' /tmp/exd.out) - n)) reads"
	ex_stop concurrent
	ex_start --web.max-requests=1 --web.max-requests=1 --web.telemetry-path=/m
	/harness/exporter/workload $(seq 1 8000 | sed 's/^/1:/')
	for round in 1 2 3 4 5; do
		ex_round 6
		for k in 1 2 3 4 5 6; do
			[ -s /tmp/exc.$k ] || refused=$round
		done
		[ -n "$refused" ] && break
	done
	[ -n "$refused" ] || ex_fail "--web.max-requests=1: no scrape refused in five rounds of six at once"
	wget -q -O - http://127.0.0.1:9464/m 2>/dev/null | grep -qx 'big_entries 8000' ||
		ex_fail "--web.max-requests=1: a scrape alone refused"
	ex_stop --web.max-requests=1
	grep -v '^#' $T/events/syscalls/sys_enter_write/trigger | grep -q . &&
		ex_fail "concurrent: left $(grep -v '^#' $T/events/syscalls/sys_enter_write/trigger)"
}

run_exporter()
{
	EX_BAD=
	if ! [ -e $T/events/syscalls/sys_enter_write/hist_json ]; then
		result UNSUPPORTED exporter:errors "no hist_json (a kernel without it)"
		return
	fi
	ex_errors
	ex_serving
	if [ -n "$EX_BAD" ]; then
		result FAIL exporter:errors "${EX_BAD#; }"
	else
		result PASS exporter:errors
	fi
}

exporter_serve()
{
	local p
	ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0 ||
		{ echo "@@X FAIL no eth0"; return; }
	# Guest 1 serves over TLS with basic auth (harness/lib/exporter.sh).
	hist-exporter -v ${hx_web:+--web.config.file=$EX/tls/web.yml} $EX/scrape.conf \
		>/tmp/exd.out 2>&1 &
	tail -f /tmp/exd.out | sed 's/^/@@X LOG /' &
	ex_wait_log "serving 2 metrics" || { echo "@@X FAIL the exporter did not start"; return; }
	for p in "$hx_phase1" "$hx_phase2"; do
		echo "@@X PHASE $p"
		# A comm beyond ASCII, which must reach Prometheus as it is.
		HX_COMM=$(printf 'w\303\266rkload') $EX/workload $(echo "$p" | tr , ' ') ||
			echo "@@X FAIL workload $p"
		sleep 4
	done
	echo "@@X DONE"
	sleep 3600
}
