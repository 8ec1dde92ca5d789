# SPDX-License-Identifier: GPL-2.0
# Two snapshot() actions in one command: the first takes the instance's
# conditional snapshot as it is built, so the second finds it taken and
# the command is refused with -EBUSY (nothing logged), before the actions
# after it are looked at; one snapshot() beside other actions is taken.
# Found by make covfuzz-bulk (harness/fuzz/README.md).
# requires: dynamic_events user_events_data error_log synthetic_events snapshot
UE_SN='hg_sn u32 id;u64 val;s32 code'
append dynamic_events "u:$UE_SN"
trigger user_events/hg_sn 'hist:keys=id:v=val:onmax($v).snapshot():onchange($v).snapshot()'
trigger user_events/hg_sn 'hist:keys=id:v=val:onmax($v).snapshot():onmax($v).snapshot()'
trigger user_events/hg_sn 'hist:keys=id:v=val:onmax($v).snapshot():onchange($v).save(code):onmax($v).snapshot()'
trigger user_events/hg_sn 'hist:keys=id:v=val:onchange($v).trace(nosuch,$v):onmax($v).snapshot():onmax($v).snapshot()'
trigger user_events/hg_sn 'hist:keys=id:v=val:onmax($v).snapshot():onmax($v).snapshot():onchange($v).trace(nosuch,$v)'
trigger user_events/hg_sn 'hist:keys=id:v=val:onmax($v).snapshot():onchange($v).save(code)'
trig user_events/hg_sn
trigger user_events/hg_sn 'hist:keys=code:w=val:onmax($w).snapshot()'
trig user_events/hg_sn
