# SPDX-License-Identifier: GPL-2.0
# A latency with common_timestamp: ts0 saved in usecs and in ns, deltas
# sent to a synthetic event and summarized; times are masked (T), the
# structure is compared.
# requires: dynamic_events user_events_data synthetic_events events/ftrace/print/hist
pairs_event
append synthetic_events 'hg_lat u32 id; u64 lat; u64 lat_ns'
trigger user_events/hg_start 'hist:keys=id:ts0=common_timestamp.usecs,tsn=common_timestamp'
trigger user_events/hg_end 'hist:keys=id:lat=common_timestamp.usecs-$ts0,latn=common_timestamp-$tsn:onmatch(user_events.hg_start).hg_lat(id,$lat,$latn)'
trigger synthetic/hg_lat 'hist:keys=id:vals=hitcount:sort=id'
trigger synthetic/hg_lat 'hist:keys=id,lat.buckets=1000000:sort=id'
echo 1 >events/synthetic/hg_lat/enable
pairs_gen
trig user_events/hg_start
trig user_events/hg_end
hist synthetic/hg_lat
trace | sed -E 's/lat=[0-9]+/lat=T/; s/lat_ns=[0-9]+/lat_ns=T/'
