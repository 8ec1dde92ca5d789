# SPDX-License-Identifier: GPL-2.0
# Signed keys grouped into buckets (.buckets=N, .log2) and sorted on,
# ascending and descending, with values on both sides of -2^31, of 0 and
# of 2^31, in s64 and s32 fields.
# requires: dynamic_events user_events_data events/ftrace/print/hist
UE_SGN='hg_sgn s64 sv;s32 s3;u64 uv'
append dynamic_events "u:$UE_SGN"
for c in 'hist:keys=sv.buckets=5:sort=sv.buckets=5' \
	'hist:keys=sv.buckets=5:sort=sv.buckets=5.descending' \
	'hist:keys=sv.buckets=5:sort=sv' \
	'hist:keys=sv.buckets=5:sort=sv.descending' \
	'hist:keys=sv:sort=sv' \
	'hist:keys=sv:sort=sv.descending' \
	'hist:keys=sv.log2:sort=sv' \
	'hist:keys=sv.buckets=1000000:sort=sv' \
	'hist:keys=sv.buckets=3000000000:sort=sv' \
	'hist:keys=s3.buckets=5:sort=s3' \
	'hist:keys=s3.buckets=5:sort=s3.descending' \
	'hist:keys=s3:sort=s3' \
	'hist:keys=s3.log2:sort=s3' \
	'hist:keys=sv.hex:sort=sv' \
	'hist:keys=sv.buckets=5,s3:sort=sv' \
	'hist:keys=s3,sv.buckets=5:sort=sv,s3' \
	'hist:keys=uv.buckets=5:sort=uv'; do
	trigger user_events/hg_sgn "$c"
done
gen comm=hgsgn user="$UE_SGN" emit=-1,-1,1 emit=2*-5,-5,5 \
	emit=3*-2147483647,-2147483647,2147483647 \
	emit=4*-2147483648,-2147483648,2147483648 \
	emit=5*-2147483651,-2147483647,2147483651 \
	emit=6*-1099511627776,-1000000,1099511627776 \
	emit=7*0,0,0 emit=8*5,5,5 emit=9*2147483647,2147483600,2147483647 \
	emit=10*2147483651,1000000,2147483651 \
	emit=11*1099511627776,123,1099511627776 \
	emit=12*-9223372036854775808,-2147483648,9223372036854775806 \
	emit=13*9223372036854775807,2147483000,9223372036854775807 \
	emit=14*4611686018427387904,7,4611686018427387904
hist user_events/hg_sgn
