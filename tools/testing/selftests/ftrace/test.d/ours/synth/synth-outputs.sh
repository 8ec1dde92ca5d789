# SPDX-License-Identifier: GPL-2.0
# Sourced by the synth-*-stock.tc tests, and run on the stock kernel to
# record what they compare with (the files in stock/).
#
# synth_outputs DIR: define synthetic events that cover every field type
# (and the odd spellings stock accepts), through synthetic_events and
# dynamic_events, and write to DIR what the kernel shows of them:
#   synthetic_events  dynamic_events  format (all format files, IDs masked)

# One definition a line; a line ending in a backslash continues on the next
# one (the backslash and the newline are taken out).
SYNTH_DEFS=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' <<'EOF'

allints s64 a; u64 b; s32 c; u32 d; s16 e; u16 f; s8 g; u8 h; char i; \
unsigned char j; int k; unsigned int l; long m; unsigned long n; bool o; \
pid_t p; gfp_t q
strings char r[16]; char[16] r2; char s[]; char[] s2; char w[1]; char z[7]; \
char big[256]; unsigned char uc[3]; unsigned char[] ud; char c0[0]; \
char[0] c02
stacks unsigned long[] t; long[] u; long x[16]; unsigned long y[]; \
unsigned long[0] z; long[abc] lab; mylong[] ml
mixed u8 a; char s[]; u64 b; char c[8]; long[] st; int i; char d[]; s16 e
odd char o1[016]; char o2[+16]; char[016] o3; xchar[16] o4; achar[4] o5;; ; u64 dup; u64 dup
spaces   unsigned    long   sp1 ;u64 sp2;  char sp3[4]
EOF
)

synth_outputs() { # dir
	local d=$1 name
	echo > dynamic_events
	# Half through each file, in the order given
	echo "$SYNTH_DEFS" | grep -v '^$' | while read -r line; do
		case $line in
		s*|o*) echo "s:$line" >> dynamic_events ;;
		*) echo "$line" >> synthetic_events ;;
		esac
	done
	cat synthetic_events > "$d/synthetic_events"
	cat dynamic_events > "$d/dynamic_events"
	for name in $(echo "$SYNTH_DEFS" | grep -v '^$' | cut -d' ' -f1); do
		sed 's/^ID: [0-9]*$/ID: (masked)/' events/synthetic/$name/format
	done > "$d/format"
	echo > dynamic_events
}

# synth_gen_test_outputs DIR: load synth_event_gen_test, which defines three
# events through the kernel API and traces six records, and write to DIR
# what the kernel shows: gen_test.trace (the records, with task, CPU and
# time masked), gen_test.listing and gen_test.format.
synth_gen_test_outputs() { # dir
	local d=$1 name
	echo > trace
	modprobe synth_event_gen_test
	grep -v '^#' trace |
		sed -E 's/^.*\[[0-9]+\] [^ ]+ +[0-9.]+: //; s/ cpu=[0-9]+ / cpu=(masked) /' \
		> "$d/gen_test.trace"
	cat synthetic_events > "$d/gen_test.listing"
	for name in gen_synth_test empty_synth_test create_synth_test; do
		sed 's/^ID: [0-9]*$/ID: (masked)/' events/synthetic/$name/format
	done > "$d/gen_test.format"
	rmmod synth_event_gen_test
	echo > trace
}
