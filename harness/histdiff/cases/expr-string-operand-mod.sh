# SPDX-License-Identifier: GPL-2.0
# A string field with a modifier as an operand: the caret of "String type
# can not be an operand in expression" is at the first place the operand
# is found in the command as written, modifier included (here after a
# field whose name begins with the string field's). Found by make
# covfuzz-bulk (harness/fuzz/README.md).
# requires: dynamic_events user_events_data error_log
UE_SO='hg_so char[16] tag;u64 tagv;u32 k'
append dynamic_events "u:$UE_SO"
trigger user_events/hg_so 'hist:keys=tagv:x=tag.hex+1'
trigger user_events/hg_so 'hist:keys=tagv:x=1+tag.hex'
trigger user_events/hg_so 'hist:keys=tagv:x=tagv*tag.hex'
trigger user_events/hg_so 'hist:keys=tagv:x=-(tag.hex)'
trigger user_events/hg_so 'hist:keys=tagv:x=tag.hex+tag'
trigger user_events/hg_so 'hist:keys=tagv:x=tag.sym+1'
trigger user_events/hg_so 'hist:keys=tagv:x=tag+1'
trigger user_events/hg_so 'hist:keys=tagv:vals=tag.hex+1'
trig user_events/hg_so
