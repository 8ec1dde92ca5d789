# SPDX-License-Identifier: GPL-2.0
# The source trees.
#
#   BASE  the 6.12 tree as shipped: $KERNEL_SRC, or Debian's linux-source-6.12
#         extracted once into build/base. Never written to.
#   SRC   the tree a kernel is built from, build/$KERNEL/src: a hard-linked
#         copy of BASE. For stock it stays as it is; for ours the owned files
#         (harness/owned.txt) are deleted, the project's own files are laid
#         over and patches/*.patch are applied. Both kernels are built from
#         the same relative place (build/$KERNEL/obj next to src), so ccache
#         shares the objects compiled from identical files.
#
# Updating build/ours/src is incremental: the wanted content of every managed
# file is assembled in build/ours/stage and copied with rsync --checksum, so a
# file whose bytes did not change keeps its timestamp and is not rebuilt. rsync
# and patch write new files and rename them, so the hard links to BASE break
# instead of BASE being modified.

TARBALL=/usr/src/linux-source-6.12.tar.xz
OVERLAY_DIRS=(kernel Documentation tools)

tree_base()
{
	local stamp
	if [ -n "${KERNEL_SRC:-}" ]; then
		BASE=$(cd "$KERNEL_SRC" && pwd) || die "KERNEL_SRC=$KERNEL_SRC: no such directory"
		tree_check_version "$BASE"
		return 0
	fi
	BASE=$BUILD/base
	[ -f "$TARBALL" ] || die "$TARBALL missing (package linux-source-6.12)"
	stamp=$(stat -c '%s %Y' "$TARBALL")
	if [ "$(cat "$BASE/.harness-stamp" 2>/dev/null)" != "$stamp" ]; then
		say "    extracting $TARBALL (about 20 s)"
		rm -rf "$BASE" "$BASE.tmp"
		mkdir -p "$BASE.tmp"
		tar -xJf "$TARBALL" -C "$BASE.tmp" --strip-components=1
		echo "$stamp" >"$BASE.tmp/.harness-stamp"
		mv "$BASE.tmp" "$BASE"
	fi
	tree_check_version "$BASE"
}

tree_check_version()
{
	local v
	v=$(make -s -C "$1" $(arch_make_vars) kernelversion 2>/dev/null) || die "$1 is not a kernel tree"
	case $v in
	6.12.*) say "    base tree $1: Linux $v" ;;
	*) die "$1 is Linux $v, not 6.12.y" ;;
	esac
}

# Paths (relative) of the owned files and the symbols each one gates.
owned_files()
{
	grep -v -e '^#' -e '^$' "$HARNESS/owned.txt" | awk '{ print $1 }'
}

# tree_link DIR: make DIR a hard-linked copy of BASE, unless it already is one.
tree_link()
{
	local dir=$1 origin
	origin="$BASE $(cat "$BASE/.harness-stamp" 2>/dev/null)"
	[ "$(cat "$dir.origin" 2>/dev/null)" != "$origin" ] || return 0
	say "    linking $dir to the base tree"
	rm -rf "$dir" "$dir.managed"
	mkdir -p "$dir"
	cp -al "$BASE/." "$dir" 2>/dev/null || cp -a "$BASE/." "$dir"
	rm -rf "$dir/.git"
	echo "$origin" >"$dir.origin"
}

# tree_files FROM PATH...: the files of ours under the PATHs (relative to
# FROM), editor leftovers excepted, NUL-separated.
tree_files()
{
	local from=$1
	shift
	(cd "$from" && find "$@" -type f ! -name '*~' ! -name '*.orig' \
		! -name '*.rej' ! -name '.*.swp' -print0)
}

# tree_stage DIR: the wanted content of every file we manage, into DIR:
# our files, and the base files patches/*.patch change, patched.
tree_stage()
{
	local stage=$1 f d p
	rm -rf "$stage"
	mkdir -p "$stage"
	for d in "${OVERLAY_DIRS[@]}"; do
		[ -d "$TOP/$d" ] || continue
		tree_files "$TOP" "$d" | (cd "$TOP" && cpio -0 -pdm --quiet "$stage")
	done
	for p in "$TOP"/patches/*.patch; do
		[ -e "$p" ] || continue
		for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"); do
			[ -e "$stage/$f" ] && continue
			mkdir -p "$stage/$(dirname "$f")"
			[ ! -e "$BASE/$f" ] || cp "$BASE/$f" "$stage/$f"
		done
		patch -s -p1 --no-backup-if-mismatch -d "$stage" -i "$p" ||
			die "patch $(basename "$p") does not apply to $BASE"
	done
}

# The objects FLAVOUR=kcov and FLAVOUR=kcsan instrument: those of the owned
# .c files on stock, those of every .c file of ours on ours
# (kernel/trace/NAME.o).
tree_own_objects()
{
	if [ "$KERNEL" = stock ]; then
		owned_files | sed -n 's|^kernel/trace/\(.*\)\.c$|\1.o|p'
	else
		(cd "$TOP/kernel/trace" && ls -- *.c) | sed 's/\.c$/.o/'
	fi
}

# tree_kcov STAGE: into STAGE, which holds the wanted content of the files
# managed in SRC, the changes of FLAVOUR=kcov (harness/kcov/README.md):
# kernel/kcov.c with the whole-kernel PC set of harness/kcov/kcov-seen.patch,
# and kernel/trace/Makefile asking for KCOV on tree_own_objects only.
tree_kcov()
{
	local stage=$1 f o
	for f in kernel/kcov.c kernel/trace/Makefile; do
		[ -e "$stage/$f" ] && continue
		mkdir -p "$stage/$(dirname "$f")"
		cp "$BASE/$f" "$stage/$f"
	done
	patch -s -p1 --no-backup-if-mismatch -d "$stage" -i "$HARNESS/kcov/kcov-seen.patch" ||
		die "harness/kcov/kcov-seen.patch does not apply to $BASE"
	{
		echo
		echo "# FLAVOUR=kcov (harness/lib/tree.sh): coverage of these objects only"
		for o in $(tree_own_objects); do
			echo "KCOV_INSTRUMENT_$o := y"
		done
	} >>"$stage/kernel/trace/Makefile"
}

# tree_kcsan STAGE: into STAGE, kernel/trace/Makefile asking for KCSAN and
# gcov on tree_own_objects only (harness/config/kcsan.config): the
# directory has KCSAN_SANITIZE := n, and an object's own setting wins.
# The rest of the kernel is not instrumented (harness/lib/kbuild.sh), but
# the barriers of the locking and RCU code our code calls must still be
# seen, as those of mm/ and kernel/sched/ are: without them KCSAN's weak
# memory model would move a write of ours past the spin_unlock() that
# publishes it (its own selftest fails so at boot).
tree_kcsan()
{
	local stage=$1 o m
	for m in kernel/trace/Makefile kernel/locking/Makefile kernel/rcu/Makefile; do
		[ -e "$stage/$m" ] || install -D -m 644 "$BASE/$m" "$stage/$m"
	done
	{
		echo
		echo "# FLAVOUR=kcsan (harness/lib/tree.sh): data races and line coverage"
		for o in $(tree_own_objects); do
			echo "KCSAN_SANITIZE_$o := y"
			echo "GCOV_PROFILE_$o := y"
		done
	} >>"$stage/kernel/trace/Makefile"
	for m in kernel/locking/Makefile kernel/rcu/Makefile; do
		printf '\n# FLAVOUR=kcsan (harness/lib/tree.sh): barriers seen by KCSAN\nKCSAN_INSTRUMENT_BARRIERS := y\n' \
			>>"$stage/$m"
	done
	# lockdep stays out of KCSAN's way altogether, as the Makefile wants.
	echo 'KCSAN_INSTRUMENT_BARRIERS_lockdep.o := n' >>"$stage/kernel/locking/Makefile"
}

# tree_flavour STAGE: the changes of this flavour to the tree, if any.
tree_flavour()
{
	case $FLAVOUR in
	kcov|kcov-kasan)	tree_kcov "$1" ;;
	kcsan)	tree_kcsan "$1" ;;
	esac
}

tree_prepare()
{
	MISSING_OWNED=()
	if [ -n "$SERIES" ]; then
		SRC=$BUILD/series/src
		[ -d "$SRC/.git" ] || die "SERIES=1: no $SRC, run make series first"
		say "    ours from the series: $SRC at $(git -C "$SRC" log -1 --format='%h %s')"
		return 0
	fi
	SRC=$OUT/src
	tree_link "$SRC"
	local stage=$OUT/stage manifest=$SRC.managed f
	if [ "$KERNEL" = stock ]; then
		if [ "$FLAVOUR" = kcov ] || [ "$FLAVOUR" = kcsan ] || [ "$FLAVOUR" = kcov-kasan ]; then
			rm -rf "$stage"
			tree_flavour "$stage"
			rsync -rc "$stage/" "$SRC/"
			say "    stock: $SRC is the base tree with $FLAVOUR on its hist objects"
			return 0
		fi
		say "    stock: $SRC is the base tree as it is"
		return 0
	fi

	tree_stage "$stage"
	tree_flavour "$stage"

	# Files managed last time but not now go back to the base version.
	if [ -f "$manifest" ]; then
		while read -r f; do
			[ ! -e "$stage/$f" ] || continue
			rm -f "$SRC/$f"
			# A fresh timestamp, so that make rebuilds from it.
			[ ! -e "$BASE/$f" ] || cp "$BASE/$f" "$SRC/$f"
		done <"$manifest"
	fi
	(cd "$stage" && find . -type f | sed 's|^\./||' | sort) >"$manifest"
	rsync -rc "$stage/" "$SRC/"

	# Owned files we do not have (yet) must not come from the base.
	for f in $(owned_files); do
		[ ! -e "$stage/$f" ] || continue
		rm -f "$SRC/$f"
		MISSING_OWNED+=("$f")
	done
	say "    $(wc -l <"$manifest") files of ours laid over, ${#MISSING_OWNED[@]} owned files not written yet"
}
