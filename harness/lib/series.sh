# SPDX-License-Identifier: GPL-2.0
# make series: our kernel as a patch series against the base tree, proved.
#
# The steps of the series are harness/series/steps/NN-*.txt, one a patch:
# a mail-like header, a blank line, then the body of the commit message.
#
#   Subject: the subject line
#   Add: PATH...        files (or directories) of this repository, copied in
#   Remove: PATH...     files of the base tree, deleted
#   Patch: FILE...      patches/*.patch applied (Kconfig and Makefile hunks)
#   Broken: SYM...      Kconfig symbols given "depends on BROKEN", so that
#                       the step builds while their code is away
#   Unbroken: SYM...    the same taken away again
#
# Everything lives in build/series/:
#
#   gen/      the base tree in a throw-away git repository, one commit per
#             step on top of the base commit (branch "series")
#   *.patch   git format-patch of those commits, and the cover letter
#   src/      a fresh clone at the base commit with the patches applied by
#             git am: the tree every step is built in, left at the last
#             step (the tree of `make check SERIES=1`)
#   obj/      its objects; logs/ the build, W=1/sparse and checkpatch logs,
#             and the objects of ours each step built
#   report.txt  one line a patch: build, W=1 and sparse warnings in our
#             files, checkpatch counts
#
# The series is regenerated from the repository every time, never edited:
# its last step must equal the tree `make build` lays over (tree_stage), file
# for file, or the run fails. Commits carry the date of the repository's
# HEAD and its git identity, so the same code gives the same patches.

SERIES_STEPS=$HARNESS/series/steps
SERIES_BRANCH=series

# series_header FILE NAME: the value of header NAME: of a step file.
series_header()
{
	sed -n "/^\$/q; s/^$2: *//p" "$1"
}

# The identity and date the commits carry.
series_identity()
{
	SERIES_NAME=$(git -C "$TOP" config user.name || echo "hist maintainers")
	SERIES_EMAIL=$(git -C "$TOP" config user.email || echo "hist@localhost")
	SERIES_DATE=$(git -C "$TOP" log -1 --format=%cI 2>/dev/null || date -u -Iseconds)
	export GIT_AUTHOR_NAME="$SERIES_NAME" GIT_COMMITTER_NAME="$SERIES_NAME"
	export GIT_AUTHOR_EMAIL="$SERIES_EMAIL" GIT_COMMITTER_EMAIL="$SERIES_EMAIL"
	export GIT_AUTHOR_DATE="$SERIES_DATE" GIT_COMMITTER_DATE="$SERIES_DATE"
}

# series_kconfig_broken KCONFIG SYM on|off: add or take away the
# "depends on BROKEN" line of SYM (right after its type line).
series_kconfig_broken()
{
	local kconfig=$1 sym=$2 how=$3 tmp
	tmp=$(mktemp)
	awk -v sym="$sym" -v how="$how" '
		$0 == "config " sym { inside = 1; print; next }
		inside && how == "on" && /^\t(bool|tristate)/ {
			print; print "\tdepends on BROKEN"; inside = 0; done = 1; next }
		inside && how == "off" && $0 == "\tdepends on BROKEN" {
			inside = 0; done = 1; next }
		/^(config|menuconfig|endmenu|menu|if|endif|source) / { inside = 0 }
		{ print }
		END { exit !done }' "$kconfig" >"$tmp" ||
		{ rm -f "$tmp"; die "series: cannot turn BROKEN $how for $sym in $kconfig"; }
	mv "$tmp" "$kconfig"
}

# series_commit STEP: make the step's commit in $SERIES_GEN.
series_commit()
{
	local step=$1 gen=$SERIES_GEN path sym p msg
	for path in $(series_header "$step" Remove); do
		[ -e "$gen/$path" ] || die "series: $(basename "$step"): $path is not in the tree"
		git -C "$gen" rm -q -r -- "$path"
	done
	for path in $(series_header "$step" Add); do
		[ -e "$TOP/$path" ] || die "series: $(basename "$step"): no $path here"
		tree_files "$TOP" "$path" | (cd "$TOP" && cpio -0 -pdmu --quiet "$gen")
	done
	for p in $(series_header "$step" Patch); do
		patch -s -p1 --no-backup-if-mismatch -F0 -d "$gen" -i "$TOP/$p" ||
			die "series: $(basename "$step"): $p does not apply"
	done
	for sym in $(series_header "$step" Broken); do
		series_kconfig_broken "$gen/kernel/trace/Kconfig" "$sym" on
	done
	for sym in $(series_header "$step" Unbroken); do
		series_kconfig_broken "$gen/kernel/trace/Kconfig" "$sym" off
	done
	msg=$(mktemp)
	{
		series_header "$step" Subject
		echo
		sed '1,/^$/d' "$step"
	} >"$msg"
	git -C "$gen" add -A -f .
	git -C "$gen" commit -q -s -F "$msg"
	rm -f "$msg"
}

# The base tree as a commit, every step as one on top, the patches.
series_generate()
{
	local step
	SERIES_GEN=$SERIES_DIR/gen
	rm -rf "$SERIES_DIR"
	mkdir -p "$SERIES_DIR/logs"
	say "    copying the base tree into a git repository (about 2 minutes)"
	cp -a "$BASE/." "$SERIES_GEN"
	rm -f "$SERIES_GEN/.harness-stamp"
	git -C "$SERIES_GEN" init -q -b "$SERIES_BRANCH"
	git -C "$SERIES_GEN" add -A -f .
	git -C "$SERIES_GEN" commit -q -m "Linux $(make -s -C "$BASE" kernelversion) (Debian linux-source-6.12)"
	git -C "$SERIES_GEN" tag base
	for step in "$SERIES_STEPS"/[0-9]*.txt; do
		series_commit "$step"
	done
	git -C "$SERIES_GEN" format-patch -q -B -M --cover-letter --no-signature \
		-o "$SERIES_DIR" base.."$SERIES_BRANCH"
	say "    $(ls "$SERIES_DIR"/[0-9]*.patch | grep -vc 0000-cover-letter) patches and a cover letter in $SERIES_DIR"
}

# Apply the patches with git am to a fresh clone of the base commit, and
# check that the result is the overlay of `make build`.
series_apply()
{
	local stage=$SERIES_DIR/stage f bad=0
	SRC=$SERIES_DIR/src
	git clone -q -b base "$SERIES_GEN" "$SRC" 2>/dev/null ||
		git clone -q "$SERIES_GEN" "$SRC"
	git -C "$SRC" checkout -q -B "$SERIES_BRANCH" base
	# shellcheck disable=SC2046
	git -C "$SRC" am -q --whitespace=nowarn $(ls "$SERIES_DIR"/[0-9]*.patch | grep -v 0000-cover-letter) ||
		die "series: git am failed (see git -C $SRC am --show-current-patch)"
	[ "$(git -C "$SRC" rev-parse HEAD^{tree})" = "$(git -C "$SERIES_GEN" rev-parse "$SERIES_BRANCH^{tree}")" ] ||
		die "series: git am gave another tree than the commits"
	say "    git am: $(git -C "$SRC" rev-list --count base..HEAD) patches applied to a fresh tree"

	tree_stage "$stage"
	while IFS= read -r -d '' f; do
		f=${f#./}
		cmp -s "$stage/$f" "$SRC/$f" && continue
		say "    differs from the overlay: $f"
		bad=1
	done < <(cd "$stage" && find . -type f -print0)
	while read -r f; do
		[ -e "$stage/$f" ] || grep -qx "$f" < <(owned_files) && continue
		say "    changed by the series, not by the overlay: $f"
		bad=1
	done < <(git -C "$SRC" diff --name-only base HEAD)
	for f in $(owned_files); do
		[ -e "$SRC/$f" ] && continue
		say "    owned file missing at the last step: $f"
		bad=1
	done
	[ $bad -eq 0 ] || die "series: the last step is not the tree make build makes"
	say "    the last step is the overlay, file for file"
}

# Our files among PATHS of $SRC: those whose content is ours at this step
# (a base file we replace later is not).
series_ours()
{
	local f
	for f in "$@"; do
		if cmp -s "$TOP/$f" "$SRC/$f"; then
			echo "$f"
		fi
	done
}

# Build every step in $SRC: the kernel and modules with our configuration,
# then our C files built there again with W=1 and sparse (C=2); their
# warnings in our files are counted.
series_build()
{
	local n=0 c subject log wlog objs o ours ours_c build w s off=""
	OBJ=$SERIES_DIR/obj
	OUT=$SERIES_DIR
	mkdir -p "$OBJ"
	: >"$SERIES_DIR/report.txt"
	for c in $(git -C "$SRC" rev-list --reverse base..HEAD); do
		n=$((n + 1))
		subject=$(git -C "$SRC" log -1 --format=%s "$c")
		git -C "$SRC" checkout -q "$c"
		# shellcheck disable=SC2046
		kconfig_make $(kconfig_fragments)
		log=$SERIES_DIR/logs/build-$(printf %02d $n).log
		if kbuild_make bzImage modules >"$log" 2>&1; then
			build=ok
		else
			build=FAILED
		fi
		ours_c=$(series_ours $(git -C "$SRC" ls-files 'kernel/trace/*.c'))
		objs=
		for o in $ours_c; do
			o=${o%.c}.o
			[ -e "$OBJ/$o" ] && objs="$objs $o"
		done
		wlog=$SERIES_DIR/logs/w1-sparse-$(printf %02d $n).log
		w=0 s=0
		if [ -n "$objs" ] && [ $build = ok ]; then
			# shellcheck disable=SC2086
			kbuild_make W=1 C=2 $objs >"$wlog" 2>&1 || build="W=1 FAILED"
			# sparse must have checked every one of them
			[ "$(grep -c '^  CHECK .*/kernel/trace/' "$wlog")" -eq "$(echo $objs | wc -w)" ] ||
				build="sparse NOT RUN"
			ours=$(series_ours $(git -C "$SRC" ls-files 'kernel/trace/*.[ch]'))
			w=$(kbuild_count_warnings "$wlog" "$ours" gcc)
			s=$(kbuild_count_warnings "$wlog" "$ours" sparse)
		fi
		echo "$objs" >"$SERIES_DIR/logs/objects-$(printf %02d $n).txt"
		printf '%02d  build %-6s  %2d objects of ours built, W=1 %d, sparse %d  %s\n' \
			"$n" "$build" "$(echo $objs | wc -w)" "$w" "$s" "$subject" >>"$SERIES_DIR/report.txt"
		say "    $(tail -1 "$SERIES_DIR/report.txt")"
		[ "$build" = ok ] || off=1
	done
	git -C "$SRC" checkout -q "$SERIES_BRANCH"
	# shellcheck disable=SC2046
	kconfig_verify "" $(kconfig_fragments) ||
		die "series: the configuration of the last step is not ours"
	[ -z "$off" ] || die "series: a step does not build (build/series/logs/)"
}

# checkpatch --strict on every patch; its summary line into the report.
series_checkpatch()
{
	local p out n=0 total_e=0 total_w=0 total_c=0 e w c
	: >"$SERIES_DIR/checkpatch.txt"
	for p in "$SERIES_DIR"/[0-9]*.patch; do
		case $p in *0000-cover-letter.patch) continue ;; esac
		n=$((n + 1))
		out=$SERIES_DIR/logs/checkpatch-$(printf %02d $n).log
		"$SRC/scripts/checkpatch.pl" --strict --show-types \
			--ignore FILE_PATH_CHANGES "$p" >"$out" 2>&1 || true
		read -r e w c < <(sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p' "$out")
		printf '%02d  checkpatch: %s errors, %s warnings, %s checks  %s\n' \
			"$n" "${e:-?}" "${w:-?}" "${c:-?}" "$(basename "$p")" >>"$SERIES_DIR/checkpatch.txt"
		total_e=$((total_e + ${e:-1})) total_w=$((total_w + ${w:-0})) total_c=$((total_c + ${c:-0}))
	done
	sed 's/^/    /' "$SERIES_DIR/checkpatch.txt"
	say "    checkpatch --strict: $total_e errors, $total_w warnings, $total_c checks in $n patches"
	SERIES_CHECKPATCH="$total_e errors, $total_w warnings, $total_c checks"
	[ "$total_e" -eq 0 ] && [ "$total_w" -eq 0 ] ||
		die "series: checkpatch errors or warnings (build/series/logs/checkpatch-*.log)"
}

# The cover letter: harness/series/cover.txt and the report of this run.
series_cover()
{
	local cover tmp
	cover=$(ls "$SERIES_DIR"/0000-cover-letter.patch)
	tmp=$(mktemp)
	{
		cat "$HARNESS/series/cover.txt"
		echo
		echo "Each patch, built on the previous ones with the test configuration"
		echo "(W=1 and sparse warnings in the files of the series):"
		echo
		sed 's/^/  /' "$SERIES_DIR/report.txt"
		echo
		echo "checkpatch.pl --strict: $SERIES_CHECKPATCH."
	} >"$tmp"
	awk -v subject="$(sed -n 1p "$HARNESS/series/cover.txt")" -v blurb="$tmp" '
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
		/^\*\*\* BLURB HERE \*\*\*$/ {
			n = 0
			while ((getline line < blurb) > 0)
				if (n++ > 1) print line
			next
		}
		{ print }' "$cover" >"$cover.new"
	mv "$cover.new" "$cover"
	rm -f "$tmp"
}

series_main()
{
	SERIES_DIR=$BUILD/series
	phase "packages" deps_install
	phase "base tree" tree_base
	series_identity
	phase "series: commits and patches" series_generate
	phase "series: git am" series_apply
	phase "series: build every step" series_build
	phase "series: checkpatch" series_checkpatch
	series_cover
	say "==> series: $(grep -c . "$SERIES_DIR/report.txt") patches build, $SERIES_CHECKPATCH; $SERIES_DIR/0000-cover-letter.patch"
}
