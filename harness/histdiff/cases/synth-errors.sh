# SPDX-License-Identifier: GPL-2.0
# Synthetic event definitions stock refuses: errno, error_log, caret;
# each tried alone (what stock accepts is shown and deleted).
# requires: synthetic_events error_log
for c in 'hg_x' 'hg_x u64' 'hg_x u64 ' 'hg_x nosuch a' 'hg_x u64 a; nosuch b' \
	'hg_x u64 a b' 'hg_x u64 a;; b' 'hg_x char[16 a' 'hg_x char a[16' \
	'hg_x u64 a[2]' 'hg_x u64 9a' 'hg_x u64 a-b' '9hg u64 a' 'hg-x u64 a' \
	'hg_x u64 a; u64 a' ' u64 a' 'hg_x unsigned a' 'hg_x unsigned unsigned a' \
	'hg_x struct foo a' 'hg_x char a[0]' 'hg_x char a[9999999]' \
	'hg_x u64 common_pid' 'hg_x u64 a; u64 b; u64 c; u64 d; u64 e; u64 f; u64 g; u64 h; u64 i; u64 j; u64 k; u64 l; u64 m; u64 n; u64 o; u64 p; u64 q; u64 r; u64 s; u64 t; u64 u; u64 v; u64 w; u64 x; u64 y; u64 z; u64 aa; u64 ab; u64 ac; u64 ad; u64 ae; u64 af; u64 ag; u64 ah' \
	'!hg_nosuch' '!hg_x u64 a'; do
	try_synth "$c"
done
# The number of fields and the length of a static string.
for n in 32 63 64 65; do
	def=hg_many
	i=1
	while [ $i -le $n ]; do
		def="$def u32 f$i;"
		i=$((i + 1))
	done
	echo "# $n fields"
	try_synth "$def" | sed -E 's/(u32 f[0-9]+; ?){4,}/.../g'
done
for c in 'hg_len char a[255]' 'hg_len char a[256]' 'hg_len char a[257]' 'hg_len char a[1024]'; do
	try_synth "$c"
done
