# SPDX-License-Identifier: GPL-2.0
# Synthetic events with fields of every type: the synthetic_events and
# dynamic_events listings, the format files, and the types refused.
# requires: synthetic_events
i=0
for t in u8 s8 u16 s16 u32 s32 u64 s64 char 'unsigned char' short 'unsigned short' \
	int 'unsigned int' long 'unsigned long' bool pid_t gfp_t size_t ssize_t \
	'char[16]' 'char[]' 'unsigned long[]' 'long[]' 'u64[4]' 'int[3]' 'u8[]' \
	'struct foo' 'char[0]' 'char[65536]' 'char[-1]' nosuch 'unsigned' 'signed int' \
	'__data_loc char[]' 'char *' 'void *' 'u32[]'; do
	i=$((i + 1))
	append synthetic_events "hg_t$i $t f"
done
show synthetic_events
show dynamic_events
for f in events/synthetic/*/format; do
	show "$f"
done
