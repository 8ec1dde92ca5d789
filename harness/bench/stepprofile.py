#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""stepprofile - what one traced hit did, from a STEP_TRACE file of
harness/bench/stepcount: instructions, those that touch memory, calls,
atomic read-modify-writes (lock-prefixed, xchg with memory), by function.

    stepprofile.py TRACE [--walk FN --callbacks FN,FN...]

With --walk, the instructions run inside FN and what it calls (a stack
walk: arch_stack_walk, stack_trace_save) are counted apart from the rest,
and those of the callbacks the walk calls for each frame apart again.

The x/i lines of gdb look like
    => 0xffffffff81123456 <hist_trigger_hit+4>:\tpush   %rbp
A call pushes the function it lands in, a ret pops one: the nesting is
followed from the trace itself.
"""
import argparse
import collections
import re

LINE = re.compile(r'=>\s*0x[0-9a-f]+\s*<([^+>]+)(?:\+\d+)?>:\s*(.*)')


def instructions(path):
    """(function, mnemonic, whole instruction) for each traced line."""
    with open(path) as trace:
        for line in trace:
            m = LINE.match(line)
            if m:
                ins = m.group(2).strip()
                yield m.group(1), ins.split()[0] if ins else '', ins


def touches_memory(op, ins):
    return '(' in ins and not op.startswith(('lea', 'nop'))


def is_atomic(op, ins):
    return op == 'lock' or (op.startswith('xchg') and '(' in ins)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('trace')
    ap.add_argument('--walk')
    ap.add_argument('--callbacks', default='')
    args = ap.parse_args()
    callbacks = set(filter(None, args.callbacks.split(',')))

    total = collections.Counter()
    by_fn = collections.Counter()
    atomics_in = collections.Counter()
    part = collections.Counter()
    frames, walk_depth, after_call = [], None, False
    for fn, op, ins in instructions(args.trace):
        if after_call:
            frames.append(fn)
            if fn == args.walk and walk_depth is None:
                walk_depth = len(frames)
        if walk_depth is None:
            part['outside'] += 1
        elif callbacks.intersection(frames[walk_depth:]):
            part['callbacks'] += 1
        else:
            part['walk'] += 1
        total['instructions'] += 1
        by_fn[fn] += 1
        total['memory'] += touches_memory(op, ins)
        total['calls'] += op.startswith('call')
        if is_atomic(op, ins):
            total['atomics'] += 1
            atomics_in[fn] += 1
        after_call = op.startswith('call')
        if op.startswith('ret') and frames:
            frames.pop()
            if walk_depth is not None and len(frames) < walk_depth:
                walk_depth = None

    print(' '.join('%s %d' % (k, total[k]) for k in
                   ('instructions', 'memory', 'calls', 'atomics')))
    if args.walk:
        print('walk %d, its callbacks %d, outside it %d' %
              (part['walk'], part['callbacks'], part['outside']))
    print('atomics in: ' + (', '.join('%s %d' % kv for kv in
                                      atomics_in.most_common()) or 'none'))
    print('by function: ' + ', '.join('%s %d' % kv for kv in
                                      by_fn.most_common(12)))


if __name__ == '__main__':
    main()
