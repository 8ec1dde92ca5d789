# SPDX-License-Identifier: GPL-2.0
# Handlers beside one that saves: which handler lines show the saved
# fields, in either order and with two of one kind; saved strings (a field
# of the event, a __data_loc field, a string variable) on entries whose
# maximum never rose, so that save() never ran for them.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
UE_S2='hg_s2 u32 id;u64 val;char[16] nm;__data_loc char[] dn'
UE_E2='hg_e2 u32 id;u64 val;s32 code;char[16] en;__data_loc char[] edn'
append dynamic_events "u:$UE_S2"
append dynamic_events "u:$UE_E2"
append synthetic_events 'hg_syn u32 kk; u64 lat'
for c in 'hist:keys=id:lx=val:onmax($lx).save(en)' \
	'hist:keys=id:lx=val:onmax($lx).save(edn,en)' \
	'hist:keys=id:lx=val:onchange($lx).save(en,code)' \
	'hist:keys=id:lx=val:onmax($lx).save(common_pid,en)' \
	'hist:keys=id:lx=val,sx=en:onmax($lx).save(sx)' \
	'hist:keys=id:lx=val:onmax($lx).trace(hg_syn,id,$lx):onmax($lx).save(code)' \
	'hist:keys=id:lx=val:onmax($lx).save(code):onmax($lx).trace(hg_syn,id,$lx)' \
	'hist:keys=id:lx=val:onchange($lx).save(code):onmax($lx).trace(hg_syn,id,$lx)'; do
	try user_events/hg_e2 "$c"
done
trigger user_events/hg_s2 'hist:keys=id:t0=val,t1=val,t2=val,t3=val,t4=val,sn=nm'
trigger user_events/hg_e2 'hist:keys=id:l0=val-$t0,ww=code:onmax($l0).save(ww):onchange($l0).trace(hg_syn,id,$l0):sort=id'
trigger user_events/hg_e2 'hist:keys=id:l1=val-$t1,w1=code:onchange($l1).trace(hg_syn,id,$l1):onmax($l1).save(w1,en,edn,id):sort=id'
trigger user_events/hg_e2 'hist:keys=id:l2=val-$t2:onmax($l2).save(code,en,edn,val,id):sort=id'
trigger user_events/hg_e2 'hist:keys=id:l3=val-$t3,s3=$sn:onmax($l3).save(s3,code):sort=id'
trigger user_events/hg_e2 'hist:keys=id:l4=val-$t4:onchange($l4).save(en,code):onmax($l4).trace(hg_syn,id,$l4):sort=id'
trig user_events/hg_e2
gen comm=hgsave \
	user="$UE_S2" emit=1,100,one,d-one user="$UE_E2" emit=1,150,-1,e-one,ed-one \
	user="$UE_S2" emit=2,200,two,d-two user="$UE_E2" emit=2,290,0,e-two,ed-two \
	user="$UE_S2" emit=1,1000,uno,d-uno user="$UE_E2" emit=1,1010,1,e-uno,ed-uno \
	user="$UE_S2" emit=3,5,three,d-three user="$UE_E2" emit=3,505,7,e-three,ed-three \
	user="$UE_S2" emit=5,100,five,d-five user="$UE_E2" emit=5,100,5,e-five,ed-five \
	user="$UE_S2" emit=6,100,six,d-six user="$UE_E2" emit=6,100,6,e-six,ed-six \
	user="$UE_S2" emit=6,100,seis,d-seis user="$UE_E2" emit=6,107,66,e-seis,ed-seis
hist user_events/hg_e2
trace
