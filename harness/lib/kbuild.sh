# SPDX-License-Identifier: GPL-2.0
# Building the kernel image (arch.sh) and the modules through ccache, and installing the modules
# into build/$KERNEL/modroot for the initramfs.

kbuild_make()
{
	# FLAVOUR=kcsan instruments our objects only (harness/config/
	# kcsan.config): on the command line, KCSAN_SANITIZE=n overrides every
	# directory's setting, while an object's KCSAN_SANITIZE_<obj>.o := y
	# still wins over it (scripts/Makefile.lib).
	local flavour_vars=()
	[ "$FLAVOUR" != kcsan ] || flavour_vars=(KCSAN_SANITIZE=n)
	# Paths under build/ are hashed relative to it, so that ours, stock and
	# other checkouts of the project share ccache hits.
	# shellcheck disable=SC2046
	CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1 \
		make -C "$SRC" O="$OBJ" -j"$JOBS" $(arch_make_vars) CC="ccache ${CROSS}gcc" \
		"${flavour_vars[@]}" "$@"
}

kbuild_build()
{
	local log=$OUT/build.log
	heavy with_progress "$log" "compiled" '^  (CC|AS|LD)' \
		kbuild_make "$KIMAGE" modules ||
		die "kernel build failed"
	local warnings
	warnings=$(grep -c -E 'warning:' "$log" || true)
	say "    $(arch_image) ($(grep -c -E '^  CC' "$log" || true) files compiled, $warnings warnings)"

	rm -rf "$OUT/modroot"
	kbuild_make -s INSTALL_MOD_PATH="$OUT/modroot" INSTALL_MOD_STRIP=1 \
		modules_install >"$OUT/modules_install.log" 2>&1 ||
		die "modules_install failed, see $OUT/modules_install.log"
	KVER=$(cat "$OBJ/include/config/kernel.release")
	say "    $(find "$OUT/modroot" -name '*.ko' | wc -l) modules for $KVER"
}

# kbuild_count_warnings LOG "FILES" gcc|sparse: how many diagnostics of gcc
# (warnings, which end in [-Wsomething]) or of sparse (warnings and errors,
# which do not) LOG has in FILES (C files and headers, by their names).
kbuild_count_warnings()
{
	local log=$1 files=$2 ours
	ours=$(for f in $files; do basename "$f"; done | sed 's/\./\\./' | paste -sd'|')
	if [ "$3" = sparse ]; then
		grep -E '^[^ ]*\.[ch]:[0-9]+:[0-9]+: (warning|error): ' "$log" |
			grep -E "/($ours):" | grep -vc -E 'warning: .*\[-W' || true
	else
		grep -E '^[^ ]*\.[ch]:[0-9]+:[0-9]+: warning:' "$log" |
			grep -E "/($ours):" | grep -c -E '\[-W' || true
	fi
}
