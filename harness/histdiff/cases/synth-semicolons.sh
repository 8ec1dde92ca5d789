# SPDX-License-Identifier: GPL-2.0
# Runs of semicolons in a synthetic event definition: before the first
# field, between fields with and without blanks, after the last, and the
# same through dynamic_events; then names a synthetic event shares with an
# event of another kind in the group synthetic, in both orders.
# requires: synthetic_events dynamic_events kprobe_events
try_synth 'hg_s1 ;;; u64 a ;;;; u64 b;'
try_synth 'hg_s2 u64 a ;;;; u64 b;'
try_synth 'hg_s3 u64 a;;;;u64 b'
try_synth 'hg_s4 u64 a; ; ;u64 b'
try_synth 'hg_s5 u64 a;;;'
try_synth 'hg_s6 u64 a ; ;'
try_synth 'hg_s7 ;u64 a'
try_synth 'hg_s8 u64 a;; ;; char s[8];;'
append dynamic_events 's:hg_s9 u64 a ;;;; u64 b'
show dynamic_events
append dynamic_events 's:hg_s10 ;; u64 a'
show dynamic_events
trunc dynamic_events ''
append kprobe_events 'p:synthetic/hg_k1 vfs_read'
append synthetic_events 'hg_k1 u64 a'
show synthetic_events
show dynamic_events
trunc dynamic_events ''
append synthetic_events 'hg_k2 u64 a'
append kprobe_events 'p:synthetic/hg_k2 vfs_read'
show synthetic_events
show dynamic_events
trunc dynamic_events ''
