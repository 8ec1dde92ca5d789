# SPDX-License-Identifier: GPL-2.0
# Defining synthetic events: several fields, spacing and semicolons, the
# same name twice, a field name twice, removal with ! and with
# dynamic_events (-:), definitions through dynamic_events (s:), the
# sizes of arrays in names (char name[16]).
# requires: synthetic_events dynamic_events
append synthetic_events 'hg_a u64 lat; pid_t pid; char comm[16]'
append synthetic_events 'hg_b   u32 x ;  u32   y;'
append synthetic_events 'hg_c u32 x;;u32 y'
append synthetic_events 'hg_d'
append synthetic_events 'hg_a u64 lat'
append synthetic_events 'hg_e u32 x; u32 x'
append synthetic_events 'hg_f char name[16]; char dyn[]; unsigned long stack[]'
append dynamic_events 's:hg_g u64 lat; char name[]'
append dynamic_events 's:synthetic/hg_h u32 a'
append dynamic_events 's:other/hg_i u32 a'
show synthetic_events
show dynamic_events
show events/synthetic/hg_b/format
show events/synthetic/hg_f/format
append synthetic_events '!hg_b'
append synthetic_events '!hg_b'
append synthetic_events '!hg_a u64 lat'
append synthetic_events '!hg_a u64 lat; pid_t pid; char comm[16]'
append dynamic_events '-:hg_g'
append dynamic_events '-:synthetic/hg_f'
append dynamic_events '-:hg_nosuch'
show synthetic_events
show dynamic_events
trunc synthetic_events ''
show synthetic_events
