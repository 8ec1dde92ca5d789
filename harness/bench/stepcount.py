# SPDX-License-Identifier: GPL-2.0
# gdb script of harness/bench/stepcount: single-steps one call of a kernel
# function in the guest (QEMU's gdbstub on :1234) and counts the
# instructions it ran, by function. Read from the environment:
#   STEP_FN     the function (a hardware breakpoint at its entry)
#   STEP_SKIP   calls to let run first
#   STEP_OUT    where the counts go
#   STEP_TRACE  if set, a file for every instruction run, disassembled
import collections
import os

import gdb

gdb.execute("set pagination off")
gdb.execute("target remote :1234")
gdb.execute("hbreak " + os.environ["STEP_FN"])
for _ in range(int(os.environ.get("STEP_SKIP", "0")) + 1):
    gdb.execute("continue")
gdb.execute("delete")

# The call ends when the return address is reached.
rsp = int(gdb.parse_and_eval("$rsp"))
ret = int(gdb.parse_and_eval("*(unsigned long *)%d" % rsp))
trace = open(os.environ["STEP_TRACE"], "w") if os.environ.get("STEP_TRACE") else None
counts = collections.Counter()
calls = []
steps = 0
while steps < 1000000:
    pc = int(gdb.parse_and_eval("$pc"))
    if pc == ret:
        break
    sym = gdb.execute("info symbol %d" % pc, to_string=True).split()[0]
    counts[sym] += 1
    if not calls or calls[-1] != sym:
        calls.append(sym)
    if trace:
        trace.write(gdb.execute("x/i $pc", to_string=True))
    steps += 1
    gdb.execute("stepi", to_string=True)

with open(os.environ["STEP_OUT"], "w") as out:
    out.write("%d instructions in one call of %s\n" % (steps, os.environ["STEP_FN"]))
    for sym, n in counts.most_common():
        out.write("%8d  %s\n" % (n, sym))
    out.write("path: %s\n" % " ".join(calls))
gdb.execute("kill")
