# SPDX-License-Identifier: GPL-2.0
# Histograms on the trace_marker event (ftrace/print): buf cannot be a key
# on stock; keys on common_pid and ip.sym with filters on the text; the
# format of the event.
# requires: events/ftrace/print/hist
show events/ftrace/print/format
trigger ftrace/print 'hist:keys=buf'
trigger ftrace/print 'hist:keys=common_pid.execname'
trigger ftrace/print 'hist:keys=common_pid.execname:vals=hitcount if buf ~ "*lo*"'
trigger ftrace/print 'hist:keys=ip.sym if buf == "world"'
trigger ftrace/print 'hist:keys=ip.sym-offset:vals=hitcount:sort=ip'
gen comm=hgmark mark=hello mark=2*world mark=3*hello-again 'mark=4*with\nnewline'
trig ftrace/print
hist ftrace/print
