# SPDX-License-Identifier: GPL-2.0
# The differential fuzzer's stream of seed 502, 1000 commands (make fuzzdiff
# SEED=502 COUNT=1000): every answer to a command and every trigger,
# synthetic_events and dynamic_events file read must be stock's.
# requires: dynamic_events user_events_data error_log synthetic_events kprobe_events
# cpus: all
# fuzz-stream: 502 1000
fuzz_answers 502 1000
