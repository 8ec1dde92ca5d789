# SPDX-License-Identifier: GPL-2.0
# Limits: the number of values (fields and expressions), of variables, of
# keys with strings, expressions too deep or with too many operands, long
# names. Each command is tried alone (see try in lib.sh).
# requires: dynamic_events user_events_data error_log events/ftrace/print/hist
spread_event
strs_event
vals=w
for i in 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24; do
	vals="$vals,w+$i"
	case $i in 2|3|24) try user_events/hg_spread "hist:keys=v:vals=$vals" ;; esac
done
vals=hitcount
for f in v w neg common_pid common_cpu common_flags common_preempt_count common_type; do
	vals="$vals,$f"
	case $f in w|neg|common_type) try user_events/hg_spread "hist:keys=v:vals=$vals" ;; esac
done
vars=a1=v
for i in 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35; do
	vars="$vars,a$i=v"
	case $i in 2|15|16|17|35) try user_events/hg_spread "hist:keys=v:$vars" ;; esac
done
for c in 'hist:keys=v:vals=v+w' 'hist:keys=v:vals=v+w+neg' 'hist:keys=v:vals=v+w+neg+1' \
	'hist:keys=v:vals=v+w+neg+1+2+3+4' 'hist:keys=v:vals=(v+1)*2' \
	'hist:keys=v:vals=((v+1)+1)+1' 'hist:keys=v:vals=((((v+1)+1)+1)+1)' \
	'hist:keys=v:vals=v*w/2-neg+1' 'hist:keys=v:x=v*(w+(neg-(1+(2*3))))' \
	'hist:keys=v:x=v-w-neg' 'hist:keys=v:x=v*w*neg' 'hist:keys=v:x=v*w*neg*2'; do
	try user_events/hg_spread "$c"
done
for c in 'hist:keys=s,n' 'hist:keys=s,d' 'hist:keys=d,r' 'hist:keys=s,d,n' \
	'hist:keys=n,s,s' 'hist:keys=common_stacktrace,s' 'hist:keys=common_stacktrace,n'; do
	try user_events/hg_strs "$c"
done
long=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
try user_events/hg_spread "hist:keys=v:name=$long"
try user_events/hg_spread "hist:keys=v:name=${long}${long}${long}"
try user_events/hg_spread "hist:keys=v:${long}=w"
