# SPDX-License-Identifier: GPL-2.0
# .percent and .graph of sums that wrap (negative values summed unsigned)
# or that overflow 64 bits times 10000 (a .percent of such sums once
# oopsed our kernel with a divide error).
# requires: dynamic_events user_events_data events/ftrace/print/hist
append dynamic_events 'u:hg_pct u32 k;s16 s;s64 w'
trigger user_events/hg_pct 'hist:keys=k:vals=s.percent,w.percent:sort=k'
trigger user_events/hg_pct 'hist:keys=k:vals=s.graph,w.graph:sort=k'
trigger user_events/hg_pct 'hist:keys=k:vals=w.percent,s.graph:sort=k if k < 10'
trigger user_events/hg_pct 'hist:keys=k:vals=w.percent:sort=k if k >= 10 && k < 20'
trigger user_events/hg_pct 'hist:keys=k:vals=w.percent,w.graph:sort=k if k >= 20 && k < 30'
trigger user_events/hg_pct 'hist:keys=k:vals=s.percent,w.percent:sort=k if k >= 30'
# k < 10: one positive and one negative entry (totals 50 and 1);
# 10-19: 10^16 twice (times 10000 does not fit in 64 bits);
# 20-29: sums that add up to 2^64 (total 0) and to 2^63;
# 30-39: a total of -1, and a zero entry.
gen comm=hgpct user='hg_pct u32 k;s16 s;s64 w' \
	emit=1,100,3 emit=2,-50,-2 \
	emit=10,1,10000000000000000 emit=11,2,10000000000000000 \
	emit=12,3,1 \
	emit=20,1,4611686018427387904 emit=21,1,4611686018427387904 \
	emit=22,1,4611686018427387904 emit=23,1,4611686018427387904 \
	emit=24,1,9223372036854775807 \
	emit=30,-1,-1 emit=31,0,0 emit=32,-32768,-9223372036854775808
hist user_events/hg_pct
