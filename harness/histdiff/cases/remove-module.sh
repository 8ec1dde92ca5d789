# SPDX-License-Identifier: GPL-2.0
# A module's event with hist triggers (the trace-events-sample module,
# whose thread emits foo_bar events once a second, so only the trigger
# files are compared, not the counts): the triggers, then rmmod after
# they are removed, and the event's files after loading it again.
# Unloading the module while a hist trigger is live makes stock warn
# (WARNING at kernel/tracepoint.c:639 in tp_module_going_check_quiescent;
# see notes/stock-hist-behaviour.md), so that is not done here.
# requires: events/ftrace/print/hist module:trace-events-sample
modprobe trace-events-sample && echo "modprobe: ok"
trigger sample-trace/foo_bar 'hist:keys=bar:vals=hitcount'
trigger sample-trace/foo_bar 'hist:keys=foo,str'
trig sample-trace/foo_bar
trigger sample-trace/foo_bar '!hist:keys=bar:vals=hitcount'
trunc events/sample-trace/foo_bar/trigger ''
trig sample-trace/foo_bar
if rmmod trace-events-sample; then echo "rmmod: ok"; else echo "rmmod: failed"; fi
[ -d events/sample-trace ] && echo "events/sample-trace still there" || echo "events/sample-trace gone"
modprobe trace-events-sample && echo "modprobe again: ok"
trig sample-trace/foo_bar
show events/sample-trace/foo_bar/hist
rmmod trace-events-sample && echo "rmmod again: ok"
