# SPDX-License-Identifier: GPL-2.0
# The hist_debug headers of triggers with variables, references, field
# variables and actions.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist_debug events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_dbg u32 id; u64 delta; s32 code; char tag[16]'
trigger user_events/hg_start 'hist:keys=id:v0=val,t0=tag,ts0=common_timestamp.usecs'
trigger user_events/hg_end 'hist:keys=id:d=val-$v0:onmatch(user_events.hg_start).trace(hg_dbg,id,$d,code,$t0):onmax($d).save(val)'
debug user_events/hg_start
debug user_events/hg_end
