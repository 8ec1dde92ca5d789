# SPDX-License-Identifier: GPL-2.0
# make compile: our objects (kernel/trace/, every .c file of ours) compiled
# with W=1 and sparse for every target make check can boot (harness/lib/
# arch.sh) and for x86_64 on PREEMPT_RT (harness/config/rt.config), as a
# kernel build robot would: nothing linked, nothing booted. CI runs it after
# the two make checks; it fails on a warning of gcc or sparse in our files.
#
#   build/compile/TARGET/      the O= directory of each target, configured
#                              as make check configures that target
#   build/compile/TARGET.log   its build log
#
# The source tree is our plain one (build/ours/src): no target changes it.

COMPILE_TARGETS=${COMPILE_TARGETS:-x86_64 arm64 s390x i386 x86_64-rt}
COMPILE_FAILED=$BUILD/compile/failed.txt

compile_all()
{
	local t
	DEPS_EXTRA="gcc-aarch64-linux-gnu gcc-s390x-linux-gnu gcc-i686-linux-gnu"
	phase "packages" deps_install
	phase "base tree" tree_base
	phase "source tree (ours)" tree_prepare
	mkdir -p "$BUILD/compile"
	: >"$COMPILE_FAILED"
	for t in $COMPILE_TARGETS; do
		phase "compile $t" compile_target "$t"
	done
	[ ! -s "$COMPILE_FAILED" ] ||
		die "warnings or errors in our files for: $(echo $(cat "$COMPILE_FAILED")) (build/compile/*.log)"
}

# compile_target TARGET: W=1 and sparse on our objects for TARGET (ARCH,
# or ARCH-FLAVOUR), in a subshell since arch.sh sets the target's
# variables. A target where one of them warns or does not build is added
# to $COMPILE_FAILED, and the next target is compiled all the same.
compile_target()
(
	local t=$1
	compile_one "$t" || echo "$t" >>"$COMPILE_FAILED"
)

compile_one()
{
	local t=$1 log objs ours n w s
	ARCH=${t%%-*}
	FLAVOUR=plain
	[ "$ARCH" = "$t" ] || FLAVOUR=${t#*-}
	# shellcheck source=harness/lib/arch.sh
	. "$HARNESS/lib/arch.sh"
	OBJ=$BUILD/compile/$t OUT=$BUILD/compile/$t
	log=$BUILD/compile/$t.log
	mkdir -p "$OBJ"
	# shellcheck disable=SC2046
	kconfig_make $(kconfig_fragments)
	objs=$(tree_own_objects | sed 's|^|kernel/trace/|')
	n=$(echo $objs | wc -w)
	# shellcheck disable=SC2086
	if ! heavy kbuild_make W=1 C=2 $objs >"$log" 2>&1; then
		say "    $t: the build failed, see $log"
		return 1
	fi
	# sparse must have checked every one of them
	if [ "$(grep -c '^  CHECK .*/kernel/trace/' "$log")" -ne "$n" ]; then
		say "    $t: sparse did not check all $n objects, see $log"
		return 1
	fi
	ours=$(cd "$TOP/kernel/trace" && ls -- *.[ch])
	w=$(kbuild_count_warnings "$log" "$ours" gcc)
	s=$(kbuild_count_warnings "$log" "$ours" sparse)
	say "    $t: $n objects of ours, W=1 $w warnings, sparse $s"
	[ "$w" -eq 0 ] && [ "$s" -eq 0 ] || {
		grep -E '^[^ ]*\.[ch]:[0-9]+:[0-9]+: (warning|error): ' "$log" | sed 's/^/    | /' | head -20
		return 1
	}
}
