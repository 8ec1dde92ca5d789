# SPDX-License-Identifier: GPL-2.0
# tools/tracing/hist-exporter's tests, host side (harness/exporter/README.md;
# the guest side is harness/guest/exporter.sh).
#
# exporter_initramfs ROOT     the exporter, built here, with the libraries
#                             it is linked with and the loader; the workload
#                             (static) and the scrape configuration
# exporter_prometheus_run TOP the exporter:prometheus unit: two guests, each
#                             with its port 9464 forwarded to a port of the
#                             host's 127.0.0.1 (user networking, loopback
#                             only), scraped by Debian's prometheus on the
#                             host; harness/exporter/promcheck.py queries it
# exporter_fixtures           the host:exporter-fixtures unit: what the
#                             exporter serves for each hist_json of
#                             harness/exporter/fixtures/ (no kernel), against
#                             the answer kept there; promtool check metrics
#                             on every answer served

EXPORTER_SRC=$TOP/tools/tracing/hist-exporter
EXPORTER_DIR=$HARNESS/exporter

# What each guest's workload writes, in two phases (N:SIZE,...): the
# expected answers are computed from these by promcheck.py.
EXPORTER_PHASES=("10:100 5:3000" "20:100 1:3000")

exporter_initramfs()
{
	local root=$1 out=$OUT/hist-exporter lib
	mkdir -p "$out"
	make -C "$EXPORTER_SRC" OUTPUT="$out/" >"$out/build.log" 2>&1 ||
		{ cat "$out/build.log" >&2; die "cannot build $EXPORTER_SRC"; }
	cp "$out/hist-exporter" "$root/bin/"
	mkdir -p "$root/lib/x86_64-linux-gnu" "$root/lib64"
	for lib in $(ldd "$out/hist-exporter" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'); do
		cp -L "$lib" "$root/lib/x86_64-linux-gnu/"
	done
	cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
	mkdir -p "$root/harness/exporter"
	gcc -static -O2 -Wall -Wextra -o "$root/harness/exporter/workload" \
		"$EXPORTER_DIR/workload.c" || die "cannot build $EXPORTER_DIR/workload.c"
	cp "$EXPORTER_DIR/scrape.conf" "$root/harness/exporter/"
	exporter_tls "$out/tls" && cp -a "$out/tls" "$root/harness/exporter/"
}

# The password of the user guest 1's exporter asks for (exporter_tls).
EXPORTER_PASSWORD=hx-scrape-secret

# exporter_tls DIR: a CA, a server certificate it signed for 127.0.0.1
# (ECDSA P-256, fast enough for TLS under TCG), and web.yml, the
# --web.config.file of guest 1's exporter: that certificate, and the user
# "scraper" with the bcrypt hash (cost 4) of EXPORTER_PASSWORD.
exporter_tls()
{
	local d=$1 hash
	rm -rf "$d"
	mkdir -p "$d"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
		-subj /CN=hist-exporter-test-ca -keyout "$d/ca.key" -out "$d/ca.crt" 2>/dev/null &&
	openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=127.0.0.1 \
		-keyout "$d/server.key" -out "$d/server.csr" 2>/dev/null &&
	openssl x509 -req -in "$d/server.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" \
		-CAcreateserial -days 30 -out "$d/server.crt" \
		-extfile <(printf 'subjectAltName=IP:127.0.0.1\n') 2>/dev/null ||
		die "cannot make the exporter's test certificates"
	hash=$(python3 -W ignore -c 'import crypt, sys
print(crypt.crypt(sys.argv[1], crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=16)))' \
		"$EXPORTER_PASSWORD") || die "cannot hash the exporter's test password"
	cat >"$d/web.yml" <<-EOC
	tls_server_config:
	  cert_file: server.crt
	  key_file: server.key
	basic_auth_users:
	  scraper: '$hash'
	EOC
}

# exporter_tls_check PORT: what a client of guest 1's exporter sees at
# 127.0.0.1:PORT; the problems found, one a line (none: nothing printed).
exporter_tls_check()
{
	local url=https://127.0.0.1:$1/metrics d=$OUT/hist-exporter/tls code
	curl -sf --cacert "$d/ca.crt" -u "scraper:$EXPORTER_PASSWORD" "$url" |
		grep -q '^hx_write_bytes_count' || echo "the right password and the CA: no metrics"
	code=$(curl -s -o /dev/null -w '%{http_code}' --cacert "$d/ca.crt" -u scraper:wrong "$url")
	[ "$code" = 401 ] || echo "a wrong password: HTTP $code, not 401"
	code=$(curl -s -o /dev/null -w '%{http_code}' --cacert "$d/ca.crt" "$url")
	[ "$code" = 401 ] || echo "no user: HTTP $code, not 401"
	curl -s -o /dev/null -u "scraper:$EXPORTER_PASSWORD" "$url"
	code=$?
	[ $code = 60 ] || echo "a client without the CA: curl exit $code, not 60 (certificate not verified)"
	curl -s -o /dev/null "http://127.0.0.1:$1/metrics" && echo "plain HTTP answered"
}

# exporter_guest K HOSTPORT LOG: boot guest K in the background (its pid in
# EXPORTER_PIDS), its port 9464 at 127.0.0.1:HOSTPORT of this machine.
exporter_guest()
{
	local k=$1 port=$2 log=$3 i q=() phase=${EXPORTER_PHASES[$(($1 - 1))]} web=
	# Guest 1 over TLS with basic auth, guest 2 plain HTTP.
	[ "$k" = 1 ] && web=1
	qemu_cmd
	# qemu_cmd's "-net none" out: this guest has a NIC.
	for ((i = 0; i < ${#QEMU[@]}; i++)); do
		if [ "${QEMU[$i]}" = -net ]; then
			i=$((i + 1))
		else
			q+=("${QEMU[$i]}")
		fi
	done
	"${q[@]}" -nic "user,model=e1000,hostfwd=tcp:127.0.0.1:$port-:9464" \
		-monitor none -serial "file:$log" \
		-append "$QEMU_APPEND_BASE kunit.enable=0 harness_mode=exporter hx_phase1=${phase%% *} hx_phase2=${phase#* }${web:+ hx_web=1}" \
		</dev/null >"$log.qemu" 2>&1 &
	EXPORTER_PIDS+=($!)
}

# Both guests done with their workload (0), or one of them gone or silent.
exporter_wait_guests()
{
	local dir=$1 t=0 k
	while [ $t -lt 300 ]; do
		for k in 1 2; do
			grep -q '@@X FAIL' "$dir/console-$k.log" 2>/dev/null && return 1
			kill -0 "${EXPORTER_PIDS[$k]}" 2>/dev/null || return 1
		done
		grep -qs '@@X DONE' "$dir/console-1.log" && grep -qs '@@X DONE' "$dir/console-2.log" &&
			return 0
		sleep 1
		t=$((t + 1))
	done
	return 1
}

exporter_prometheus_run()
{
	local top=$1 dir=$1/exporter t0=$SECONDS ports k rc note scrapes
	check_wanted exporter:prometheus || return 0
	# It tests the exporter and Prometheus, not the kernel: the checkers
	# of the other flavours, or another architecture's guest, would see
	# nothing exporter:errors does not (and the exporter is the host's).
	[ "$FLAVOUR" = plain ] && arch_native || return 0
	if [ "$KERNEL" != ours ]; then
		CHECK_DIR=$top check_record UNSUPPORTED exporter:prometheus \
			"the exporter reads hist_json, which stock does not have"
		return 0
	fi
	if ! grep -q '^CONFIG_E1000=y' "$OBJ/.config"; then
		CHECK_DIR=$top check_record UNSUPPORTED exporter:prometheus \
			"the kernel has no CONFIG_E1000 (harness/config/test.config; rebuild)"
		return 0
	fi
	say "==> exporter:prometheus: two guests scraped by prometheus on 127.0.0.1"
	rm -rf "$dir"
	mkdir -p "$dir/tsdb"
	read -r -a ports < <(python3 -c '
import socket
ss = [socket.socket() for _ in range(3)]
for s in ss: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in ss])')
	cat >"$dir/prometheus.yml" <<-EOC
	global:
	  scrape_interval: 1s
	  scrape_timeout: 1s
	scrape_configs:
	  - job_name: hist-tls
	    scheme: https
	    tls_config:
	      ca_file: $OUT/hist-exporter/tls/ca.crt
	    basic_auth:
	      username: scraper
	      password: $EXPORTER_PASSWORD
	    static_configs:
	      - targets: ['127.0.0.1:${ports[0]}']
	        labels: {guest: '1'}
	  - job_name: hist
	    static_configs:
	      - targets: ['127.0.0.1:${ports[1]}']
	        labels: {guest: '2'}
	EOC
	prometheus --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/tsdb" \
		--web.listen-address="127.0.0.1:${ports[2]}" >"$dir/prometheus.log" 2>&1 &
	EXPORTER_PIDS=($!)
	for k in 1 2; do
		exporter_guest $k "${ports[$((k - 1))]}" "$dir/console-$k.log"
	done
	if exporter_wait_guests "$dir"; then
		python3 "$EXPORTER_DIR/promcheck.py" "${ports[2]}" \
			"${ports[0]}" "${EXPORTER_PHASES[0]}" "${ports[1]}" "${EXPORTER_PHASES[1]}" \
			"$OUT/hist-exporter/tls/ca.crt" scraper "$EXPORTER_PASSWORD" \
			>"$dir/promcheck.txt" 2>&1
		rc=$?
		note=$(tail -n 1 "$dir/promcheck.txt")
		exporter_tls_check "${ports[0]}" >"$dir/tls.txt"
		if [ -s "$dir/tls.txt" ]; then
			rc=1 note="guest 1 over TLS: $(paste -sd ';' "$dir/tls.txt")"
		else
			note="$note; TLS and basic auth as expected"
		fi
	else
		rc=1 note="a guest failed or did not finish its workload; see $dir/console-*.log"
	fi
	kill "${EXPORTER_PIDS[@]}" 2>/dev/null
	wait "${EXPORTER_PIDS[@]}" 2>/dev/null
	scrapes=$(cat "$dir"/console-*.log | grep -c 'scrape: OpenMetrics' || true)
	sed 's/^/    | /' "$dir/promcheck.txt" 2>/dev/null
	if [ $rc -eq 0 ]; then
		CHECK_DIR=$top check_record PASS exporter:prometheus \
			"$note; $scrapes scrapes logged as OpenMetrics; $((SECONDS - t0)) s"
	else
		CHECK_DIR=$top check_record FAIL exporter:prometheus "$note"
		cat "$dir"/console-*.log | grep -E '@@X|hist-exporter' | sed 's/^/    | /'
	fi
	printf '%s\t%s\n' $((SECONDS - t0)) exporter:prometheus >>"$top/times.txt"
}

# exporter_fixtures: for each fixtures/NAME.conf, harness/exporter/fixture.c
# (the exporter's objects, its two reads of tracefs reading NAME.json)
# prints what a scrape serves, and its log, then "exit STATUS"; that must
# be NAME.want (read durations as SECONDS), and what it serves must pass
# promtool check metrics.
exporter_fixtures()
{
	local out=$OUT/hist-exporter fx=$EXPORTER_DIR/fixtures c name got bad=
	[ "$KERNEL" = ours ] || return 0
	check_wanted host:exporter-fixtures || return 0
	mkdir -p "$out/fixtures"
	if ! make -C "$EXPORTER_SRC" OUTPUT="$out/" >"$out/build.log" 2>&1 ||
	   ! gcc -Wall -Wextra -D_GNU_SOURCE -I"$EXPORTER_SRC" \
		$(pkg-config --cflags libtracefs yajl) -o "$out/fixture" \
		"$EXPORTER_DIR/fixture.c" "$out"/{config,trigger,names,reader,arena,expose,log}.o \
		-Wl,--wrap=trigger_open_json -Wl,--wrap=trigger_event_exists \
		$(pkg-config --libs libtracefs yajl) >>"$out/build.log" 2>&1; then
		check_record FAIL host:exporter-fixtures "cannot build: $out/build.log"
		return
	fi
	for c in "$fx"/*.conf; do
		name=$(basename "$c" .conf)
		got=$out/fixtures/$name.got
		(cd "$fx" && "$out/fixture" "$name.conf" "$name.json" >"$got.metrics" 2>"$got.log"
		 echo "exit $?" >>"$got.log")
		# A read's wall time is the one number that differs from run to run.
		sed 's/^\(hist_exporter_read_duration_seconds{[^}]*}\) [0-9.]*$/\1 SECONDS/' \
			"$got.metrics" | cat - "$got.log" >"$got"
		if ! cmp -s "$got" "$fx/$name.want"; then
			bad="$bad $name"
			diff -u "$fx/$name.want" "$got" | sed 's/^/    | /'
		elif [ -s "$got.metrics" ] && ! promtool check metrics <"$got.metrics" >"$got.promtool" 2>&1; then
			bad="$bad $name(promtool)"
			sed 's/^/    | /' "$got.promtool"
		fi
	done
	if [ -z "$bad" ]; then
		check_record PASS host:exporter-fixtures
	else
		check_record FAIL host:exporter-fixtures "not as kept:$bad"
	fi
}
