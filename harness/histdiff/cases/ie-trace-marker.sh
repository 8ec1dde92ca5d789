# SPDX-License-Identifier: GPL-2.0
# Inter-event on the trace_marker event: latency between two marker
# writes keyed by the text, as trigger-trace-marker-synthetic.tc does,
# with the deltas masked.
# requires: events/ftrace/print/hist synthetic_events
append synthetic_events 'hg_mlat u64 lat'
trigger ftrace/print 'hist:keys=common_pid:ts0=common_timestamp.usecs if buf == "start"'
trigger ftrace/print 'hist:keys=common_pid:lat=common_timestamp.usecs-$ts0:onmatch(ftrace.print).hg_mlat($lat) if buf == "end"'
trigger synthetic/hg_mlat 'hist:keys=common_pid.execname:vals=hitcount'
echo 1 >events/synthetic/hg_mlat/enable
gen comm=hgmlat mark=start mark=end mark=start mark=end mark=end
trig ftrace/print
hist synthetic/hg_mlat
trace | sed -E 's/lat=[0-9]+/lat=T/'
