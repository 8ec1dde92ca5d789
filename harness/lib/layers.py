#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The hist files' layering, checked on the built objects.

    layers.py OBJDIR     (OBJDIR: the kernel's kernel/trace object directory)

Reads the symbols each hist object defines and uses (nm), prints which
file calls which (with the symbols), and fails when a file calls one that
is not below it in LAYERS, or one of the leaves calls any hist file (but
as LEAF_CALLS lets it). The order is the one trace_hist.h's head states.
"""
import collections
import os
import subprocess
import sys

# Top to bottom: each may call only the ones after it, and the leaves.
LAYERS = ['trace_events_hist', 'trace_hist_build', 'trace_hist_action',
          'trace_hist_field', 'trace_hist_var', 'trace_hist_parse']
# Beside the layers: depend on the data structures only, but for the JSON
# printer, which prints through the text one.
LEAVES = ['trace_hist_run', 'trace_hist_json', 'trace_hist_print']
LEAF_CALLS = {('trace_hist_json', 'trace_hist_print')}


def symbols(path):
    """The symbols @path defines and the ones it takes from elsewhere."""
    out = subprocess.run(['nm', path], capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'TDRB':
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == 'U':
            used.add(parts[1])
    return defined, used


def allowed(caller, callee):
    if caller in LEAVES:
        return (caller, callee) in LEAF_CALLS
    if callee in LEAVES:
        return True
    return LAYERS.index(callee) > LAYERS.index(caller)


def main():
    objdir = sys.argv[1]
    owner, uses = {}, {}
    for name in LAYERS + LEAVES:
        defined, used = symbols(os.path.join(objdir, name + '.o'))
        uses[name] = used
        for sym in defined:
            owner[sym] = name
    bad = 0
    for caller in LAYERS + LEAVES:
        edges = collections.defaultdict(list)
        for sym in uses[caller]:
            callee = owner.get(sym)
            if callee and callee != caller:
                edges[callee].append(sym)
        for callee in sorted(edges):
            ok = allowed(caller, callee)
            bad += not ok
            print('%s %s -> %s: %s' % ('  ' if ok else '!!', caller, callee,
                                      ' '.join(sorted(edges[callee]))))
    print('%d call(s) against the layering' % bad)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
