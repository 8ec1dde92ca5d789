# SPDX-License-Identifier: GPL-2.0
# .percent and .graph where computing them in 64 bits loses: sums just
# below and above U64_MAX / 10000 against a small total, totals of zero,
# a total below 10000 against a huge sum, and a bar whose length depends
# on the order of the multiplication and the division.
# requires: dynamic_events user_events_data events/ftrace/print/hist
append dynamic_events 'u:hg_pct2 u32 k;s64 w'
trigger user_events/hg_pct2 'hist:keys=k:vals=w.percent:sort=k if k < 10'
trigger user_events/hg_pct2 'hist:keys=k:vals=w.percent,w.graph:sort=k if k >= 10 && k < 20'
trigger user_events/hg_pct2 'hist:keys=k:vals=w.percent:sort=k if k >= 20 && k < 30'
trigger user_events/hg_pct2 'hist:keys=k:vals=w.graph,w.percent:sort=k if k >= 40'
# k 1-5: total 30001; k 10-12: total 0; k 20-21: total 10000;
# k 40-41: a maximum of 20q + 19 and a sum of 19q + 18 (q = 5 * 10^16).
gen comm=hgpct2 user='hg_pct2 u32 k;s64 w' \
	emit=1,4294967296 emit=2,1800000000000000 emit=3,1844674407370956 \
	emit=4,1844674407370954 emit=5,-5489353109679205 \
	emit=10,5 emit=11,-5 emit=12,0 \
	emit=20,-2 emit=21,10002 \
	emit=40,1000000000000000019 emit=41,950000000000000018
hist user_events/hg_pct2
