# SPDX-License-Identifier: GPL-2.0
# Kernel configuration: tinyconfig, then the fragments in harness/config/
# (test.config for every kernel, ours.config for ours only, debug.config for
# the debug flavour, kcov.config, kcsan.config, rt.config and bpf.config
# for those, kcov.config and kcov-kasan.config for kcov-kasan), then the
# symbols of owned files that do not exist yet switched off. The configuration is
# redone only when one of those inputs changed, and every symbol a fragment
# asks for is checked afterwards.

OBJ=		# set by kconfig_configure: the O= directory

kconfig_fragments()
{
	echo "$HARNESS/config/test.config"
	echo "$HARNESS/config/arch-$ARCH.config"
	if [ "$KERNEL" = ours ] && [ -f "$HARNESS/config/ours.config" ]; then
		echo "$HARNESS/config/ours.config"
	fi
	if [ "$FLAVOUR" = debug ]; then
		echo "$HARNESS/config/debug.config"
	fi
	case $FLAVOUR in
	kcov|kcsan|rt|bpf)	echo "$HARNESS/config/$FLAVOUR.config" ;;
	kcov-kasan)	echo "$HARNESS/config/kcov.config"
			echo "$HARNESS/config/kcov-kasan.config" ;;
	esac
}

# kconfig_asked FRAGMENT...: the symbol lines of the fragments, each symbol
# once, with the value of the last fragment that names it.
kconfig_asked()
{
	sed -n -E 's/^(CONFIG_[A-Za-z0-9_]+)=.*/\1 &/p; s/^# (CONFIG_[A-Za-z0-9_]+) is not set/\1 &/p' "$@" |
		awk '{ sym = $1; sub(/^[^ ]+ /, ""); if (!(sym in v)) o[n++] = sym; v[sym] = $0 }
		     END { for (i = 0; i < n; i++) print v[o[i]] }'
}

# The symbols to switch off, one a line, for the owned files in MISSING_OWNED.
kconfig_switched_off()
{
	local f
	for f in "${MISSING_OWNED[@]}"; do
		awk -v f="$f" '$1 == f { for (i = 2; i <= NF; i++) if ($i != "-") print $i }' \
			"$HARNESS/owned.txt"
	done | sort -u
}

kconfig_configure()
{
	OBJ=$OUT/obj
	local off frags want have sym
	off=$(kconfig_switched_off)
	frags=$(kconfig_fragments)
	mkdir -p "$OBJ"
	printf '%s\n' "$off" >"$OUT/switched-off.txt"

	if [ -n "$off" ]; then
		say "    switched off, their owned files are not written yet:"
		for sym in $off; do
			say "      CONFIG_$sym ($(awk -v s="$sym" '!/^#/ { for (i = 2; i <= NF; i++) if ($i == s) printf "%s ", $1 }' "$HARNESS/owned.txt" | sed 's/ $//'))"
		done
	fi

	want=$( { cat $frags; for sym in $off; do echo "# CONFIG_$sym is not set"; done
		  echo "$SRC $(cat "$SRC/.harness-stamp" 2>/dev/null || true) $(arch_make_vars)"
		  [ -z "$SERIES" ] || git -C "$SRC" rev-parse HEAD; } | sha1sum)
	have=$(cat "$OBJ/.harness-config" 2>/dev/null || true)
	if [ "$want" = "$have" ] && [ -f "$OBJ/.config" ]; then
		say "    configuration unchanged"
		return 0
	fi

	for sym in $off; do echo "# CONFIG_$sym is not set"; done >"$OUT/switched-off.config"
	# shellcheck disable=SC2086
	kconfig_make $frags "$OUT/switched-off.config"
	# shellcheck disable=SC2086
	kconfig_verify "$off" $frags ||
		die "the configuration does not match harness/config (dependencies?)"
	echo "$want" >"$OBJ/.harness-config"
	say "    configured: $(grep -c '=[ym]$' "$OBJ/.config") symbols on"
}

# kconfig_make FRAGMENT...: $OBJ/.config from tinyconfig and the fragments
# (log in $OUT/kconfig.log).
kconfig_make()
{
	# shellcheck disable=SC2046
	make -s -C "$SRC" O="$OBJ" $(arch_make_vars) tinyconfig >"$OUT/kconfig.log" 2>&1 ||
		die "make tinyconfig failed, see $OUT/kconfig.log"
	"$SRC/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" \
		"$@" >>"$OUT/kconfig.log" 2>&1 ||
		die "merge_config.sh failed, see $OUT/kconfig.log"
	# shellcheck disable=SC2046
	make -s -C "$SRC" O="$OBJ" $(arch_make_vars) olddefconfig >>"$OUT/kconfig.log" 2>&1 ||
		die "make olddefconfig failed, see $OUT/kconfig.log"
}

# kconfig_verify "OFF" FRAGMENT...: whether every symbol the fragments ask
# for has the value asked for (by the last fragment that names it:
# debug.config may override test.config) in $OBJ/.config, the symbols in
# OFF excepted; the others are listed.
kconfig_verify()
{
	local off=$1 line sym val f bad=0
	shift
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			sym=${line%%=*} val=${line#*=} ;;
		"# CONFIG_"*" is not set")
			sym=${line#"# "} sym=${sym%% *} val=n ;;
		*) continue ;;
		esac
		! printf '%s\n' $off | grep -qx "${sym#CONFIG_}" || continue
		f=$(grep -E "^$sym=" "$OBJ/.config" | cut -d= -f2- || true)
		[ "${f:-n}" = "$val" ] && continue
		say "    $sym: asked for $val, got ${f:-n}"
		bad=1
	done < <(kconfig_asked "$@")
	return $bad
}
