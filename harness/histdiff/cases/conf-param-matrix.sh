# SPDX-License-Identifier: GPL-2.0
# Which parameter an action may pass to which synthetic event field: every
# field type against record fields of every size and sign, C types,
# strings, variables, expressions, constants and special fields.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
UE_YPT='ypt u8 a;s8 b;u16 c;s16 d;u32 kk;s32 f;u64 fg;s64 fh;unsigned int fl;char[8] fm;__data_loc char[] fd;int fi;short fs;unsigned char fu'
append dynamic_events "u:$UE_YPT"
# A number passed for a string field, or a string for a numeric one, is
# refused on ours (harness/fuzz/differences.txt, param-kind): those pairs
# are not tried.
mixed() { # FIELD-TYPE PARAM
	local f=number p=number
	case $1 in
	'char x'*) f=string ;;
	'unsigned long[] x') f=stack ;;
	esac
	case $2 in
	fm|fd|v=fm:*|v=fd:*) p=string ;;
	v=common_stacktrace:*) p=stack ;;
	'$nosuch') p=none ;;
	esac
	[ $f != stack ] && [ $p != stack ] && [ $p != none ] && [ $f != $p ]
}
n=0
for t in u8 s8 u16 s16 u32 s32 u64 s64 char 'unsigned char' short \
	'unsigned short' int 'unsigned int' long 'unsigned long' pid_t bool \
	'char x[8]' 'char x[]' 'unsigned long[] x'; do
	types[$n]=$t
	case $t in
	*' x'*) append synthetic_events "yp_$n ${t% x*} x${t#* x}" ;;
	*) append synthetic_events "yp_$n $t x" ;;
	esac
	n=$((n + 1))
done
i=0
while [ $i -lt $n ]; do
	for p in a b c d kk f fg fh fl fm fd fi fs fu; do
		mixed "${types[$i]}" "$p" ||
			try user_events/ypt "hist:keys=kk:onmatch(user_events.ypt).yp_$i($p)"
	done
	for p in 'v=fg:$v' 'v=fh:$v' 'v=kk:$v' 'v=b:$v' 'v=fm:$v' 'v=fd:$v' \
		'v=common_timestamp:$v' 'v=common_stacktrace:$v' 'v=fg+1:$v' \
		'v=fh-b:$v' 'v=b*2:$v' 'v=5:$v' 'v=common_cpu:$v' 'v=$w:$v'; do
		mixed "${types[$i]}" "$p" ||
			try user_events/ypt "hist:keys=kk:w=fh:${p%%:*}:onmatch(user_events.ypt).yp_$i(${p#*:})"
	done
	for p in 5 common_timestamp common_cpu common_pid fg+1 '$nosuch'; do
		mixed "${types[$i]}" "$p" ||
			try user_events/ypt "hist:keys=kk:onmatch(user_events.ypt).yp_$i($p)"
	done
	i=$((i + 1))
done
