# SPDX-License-Identifier: GPL-2.0
# Modifiers stock accepts on keys they were not meant for: .syscall and
# .usecs on an ordinary number, .hex on common_cpu, .sym on a small
# number; what the hist file then shows.
# requires: dynamic_events user_events_data events/ftrace/print/hist
spread_event
trigger user_events/hg_spread 'hist:keys=v.syscall'
trigger user_events/hg_spread 'hist:keys=v.usecs:vals=w'
trigger user_events/hg_spread 'hist:keys=common_cpu.hex'
trigger user_events/hg_spread 'hist:keys=w.sym'
gen comm=hgmisc cpu=0 user="$UE_SPREAD" emit=1,1,-1 emit=2*2,2,-2 emit=3*300,3000,-3 emit=4*999,9999,-4 emit=5*1000,100000,-5 emit=6*4096,12,-6
trig user_events/hg_spread
hist user_events/hg_spread
