# SPDX-License-Identifier: GPL-2.0
# Debian packages the harness needs, installed when missing.

DEPS_PACKAGES=(
	qemu-system-x86 busybox-static bash-static	# the guest
	gcc make flex bison bc libelf-dev libssl-dev	# the kernel build
	cpio kmod xz-utils rsync patch ccache sparse util-linux
	libtracefs-dev libtraceevent-dev trace-cmd	# the clients suite
	jq						# hist_json's test
	libmicrohttpd-dev libyajl-dev libyaml-dev	# hist-exporter
	libcrypt-dev pkg-config openssl curl		# and its TLS test
	prometheus					# its scrape test
	gnuplot-nox					# make bench's chart
)

deps_missing()
{
	local p pkgs=("${DEPS_PACKAGES[@]}" $(arch_packages) ${DEPS_EXTRA:-})
	[ -n "${KERNEL_SRC:-}" ] || pkgs+=(linux-source-6.12)
	for p in "${pkgs[@]}"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q 'install ok installed' || echo "$p"
	done
}

deps_install()
{
	local missing sudo=
	missing=$(deps_missing)
	if [ -z "$missing" ]; then
		say "    all packages present"
		return 0
	fi
	say "    installing:" $missing
	mkdir -p "$BUILD"
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update -qq || true
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
		--no-install-recommends $missing >"$BUILD/apt.log" 2>&1 ||
		die "apt-get install failed, see $BUILD/apt.log"
	# Debian's prometheus starts a service on every address (:9090) where
	# systemd runs; the exporter test runs its own on 127.0.0.1 instead.
	if [[ " $(echo $missing) " == *" prometheus "* ]] && [ -d /run/systemd/system ]; then
		$sudo systemctl disable --now prometheus.service >/dev/null 2>&1 || true
	fi
	missing=$(deps_missing)
	[ -z "$missing" ] || die "still missing after install: $missing"
}
