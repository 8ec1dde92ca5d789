#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fuzz.py - make fuzz: run streams of the hist trigger fuzzer under QEMU,
report what they found, and shrink the ones that made the kernel report.

Run by `harness/run fuzz` once the initramfs is built, with OUT, TOP and
HARNESS in the environment and the make variables:

    SEED=N|N-M|N,M,...  the seeds to run (default 1)
    COUNT=200           commands in each seed's stream
    PICK=I,J,...        run only these operations of the seed's stream
    STREAM=FILE         run this stream file instead of a seed's
    SHRINK_BOOTS=40     boots the shrinking of one failure may use (0: none)
    TRANSCRIPT=1        keep the whole transcript of each stream

Each boot is `harness/run fuzz-boot STREAM RESULT` (harness/lib/fuzz.sh). A
stream fails on a kernel report (a crash included), on a refused command that
changed the file it was written to, and on anything left after the clean-up.
A kernel report is charged to the operation during which it came (fuzzexec
reads /dev/kmsg after every operation; for a crash, the last operation it
announced on the second serial port), and shrunk: first the operations
before it (ddmin over the prefix), then the text of the commands left (ddmin
over their tokens), as long as the same report comes back, within
SHRINK_BOOTS boots. The result is printed as a PICK= reproducer of the seed,
a stream file and shell commands.
"""

import os
import re
import shutil
import subprocess
import sys
import time

HARNESS = os.environ['HARNESS']
OUT = os.environ['OUT']
TOP = os.environ['TOP']
sys.path.insert(0, os.path.join(HARNESS, 'fuzz'))
import gen  # noqa: E402

FUZZ_DIR = os.path.join(OUT, 'fuzz')


class OutOfBoots(Exception):
    pass


class Outcome:
    """What one boot of a stream showed (the RESULT file of fuzz-boot)."""

    def __init__(self, path):
        self.end, self.lastop, self.splat, self.rip = 'exit', -1, '', ''
        self.summary, self.reports, self.problems, self.guest_secs = {}, [], [], 0
        with open(path, errors='replace') as f:
            for line in f:
                word, _, rest = line.rstrip('\n').partition(' ')
                if word == 'END':
                    self.end = rest
                elif word == 'LASTOP':
                    self.lastop = int(rest)
                elif word == 'GUESTSECS':
                    self.guest_secs = int(rest)
                elif word == 'SPLAT':
                    self.splat = rest
                elif word == 'RIP':
                    self.rip = rest
                elif word == 'SUMMARY':
                    self.summary = dict(kv.split('=') for kv in rest.split())
                elif word == 'REPORT':
                    op, _, text = rest.partition(' ')
                    self.reports.append((int(op), text))
                elif word in ('LEFT', 'LEFTOVER', 'DIRTY') or line.startswith('  '):
                    self.problems.append(line.rstrip('\n'))

    def signature(self):
        """The kernel report, numbers masked, with the function of its RIP."""
        if not self.splat:
            return ''
        s = re.sub(r'0x[0-9a-fA-F]+|\b[0-9a-fA-F]{8,}\b|\d+', 'N', self.splat)
        return s + (' @ ' + self.rip if self.rip else '')

    def culprit(self):
        """The operation charged with the report, or None."""
        if self.reports:
            return self.reports[0][0]
        if self.splat or self.end != 'poweroff':
            return self.lastop
        return None

    def failed(self):
        return bool(self.splat or self.end != 'poweroff' or self.problems or
                    self.reports or not self.summary)

    def describe(self):
        s = self.summary
        if s:
            text = ('%s ops, %s commands: %s accepted, %s refused; %s left by '
                    'refusals, %s leftovers, %s kernel reports; %s s + %s s clean-up'
                    % (s['ops'], s['commands'], s['accepted'], s['refused'],
                       s['left'], s['leftovers'], s['reports'], s['secs'], s['clean']))
        else:
            text = 'the guest ended (%s) at operation %d' % (self.end, self.lastop)
        return text + ' (boot %d s)' % self.guest_secs


class Runner:
    def __init__(self):
        self.boots = 0

    def boot(self, lines, keep_as=None):
        """Boot once with the stream LINES (operations, no header)."""
        os.makedirs(FUZZ_DIR, exist_ok=True)
        stream = os.path.join(FUZZ_DIR, 'try.txt')
        result = os.path.join(FUZZ_DIR, 'try.result')
        with open(stream, 'w') as f:
            f.write('# fuzz stream under test\n' + ''.join(l + '\n' for l in lines))
        self.boots += 1
        subprocess.run([os.path.join(HARNESS, 'run'), 'fuzz-boot', stream, result],
                       check=False, stdout=subprocess.DEVNULL if keep_as is None else None)
        if keep_as:
            boot_dir = os.path.join(FUZZ_DIR, 'boot')
            shutil.copy(os.path.join(boot_dir, 'console.log'), keep_as + '.console')
            shutil.copy(os.path.join(boot_dir, 'out.txt'), keep_as + '.out')
        return Outcome(result)


def ddmin(items, test):
    """Zeller's ddmin: a small sublist of ITEMS for which TEST holds (it
    holds for ITEMS). Stops early, with the best so far, when boots run out."""
    n = 2
    try:
        while len(items) >= 2:
            size = -(-len(items) // n)
            chunks = [items[i:i + size] for i in range(0, len(items), size)]
            for i in range(len(chunks)):
                rest = [x for j, c in enumerate(chunks) if j != i for x in c]
                if test(rest):
                    items, n = rest, max(n - 1, 2)
                    break
            else:
                if n >= len(items):
                    break
                n = min(len(items), 2 * n)
    except OutOfBoots:
        pass
    return items


def tokens(text):
    return re.findall(r'[A-Za-z0-9_]+|\s+|.', text, re.S)


class Shrinker:
    """Shrinks the stream OPS whose operation K gave the report SIG."""

    def __init__(self, runner, ops, k, sig, budget):
        self.runner, self.ops, self.k, self.sig = runner, list(ops), k, sig
        self.budget, self.used = budget, 0

    def lines(self, keep):
        tail = [self.ops[self.k]] if self.k < len(self.ops) else []
        return [self.ops[i] for i in sorted(keep)] + tail

    def test_lines(self, lines):
        if self.used >= self.budget:
            raise OutOfBoots
        self.used += 1
        o = self.runner.boot(lines)
        ok = o.signature() == self.sig
        say('    boot %d/%d: %d operations: %s' % (self.used, self.budget, len(lines),
                                                  'reproduces' if ok else 'no'))
        return ok

    def run(self):
        prefix = list(range(min(self.k, len(self.ops))))
        keep = prefix
        try:
            for cand in ([], [i for i in prefix if self.ops[i][0] in 'atdDU']):
                if len(cand) < len(keep) and self.test_lines(self.lines(cand)):
                    keep = cand
                    break
        except OutOfBoots:
            return keep
        keep = ddmin(keep, lambda c: self.test_lines(self.lines(c)))
        # The text of the commands left, the reported one first.
        order = ([self.k] if self.k < len(self.ops) else []) + sorted(keep, reverse=True)
        for i in order:
            kind, _, rest = self.ops[i].partition(' ')
            if kind not in 'at':
                continue
            path, _, text = rest.partition(' ')
            toks = tokens(gen.unesc(text))

            def test(cand, i=i, kind=kind, path=path):
                saved = self.ops[i]
                self.ops[i] = '%s %s %s' % (kind, path, gen.esc(''.join(cand)))
                ok = self.test_lines(self.lines(keep))
                if not ok:
                    self.ops[i] = saved
                return ok
            if self.used >= self.budget:
                break
            best = ddmin(toks, test)
            self.ops[i] = '%s %s %s' % (kind, path, gen.esc(''.join(best)))
        return keep


def say(text):
    print(text, flush=True)


def seeds(spec):
    out = []
    for part in spec.split(','):
        a, _, b = part.partition('-')
        out += list(range(int(a), int(b) + 1)) if b else [int(a)]
    return out


def read_stream(path):
    with open(path) as f:
        return [l.rstrip('\n') for l in f if l.strip() and not l.startswith('#')]


def run_one(runner, label, ops, picked, budget, origin):
    """Boot the stream OPS; report; shrink a kernel report. True if clean."""
    say('==> fuzz %s: %d operations' % (label, len(ops)))
    keep = os.path.join(FUZZ_DIR, label.replace(' ', '-'))
    o = runner.boot(ops, keep_as=keep)
    say('    ' + o.describe())
    for p in o.problems[:60]:
        say('    ' + p)
    if not o.failed():
        return True
    k = o.culprit()
    if o.splat:
        say('    kernel report: %s%s' % (o.splat, ' (RIP %s)' % o.rip if o.rip else ''))
    elif o.end != 'poweroff':
        say('    the guest ended (%s) with no report on the console' % o.end)
    say('    console: %s.console' % keep)
    if k is None:
        return False
    what = ops[k] if k < len(ops) else 'the clean-up at the end of the stream'
    say('    during operation %d: %s' % (picked[k] if k < len(picked) else k, what))
    if not o.splat or budget <= 0:
        return False

    say('    shrinking (at most %d boots)' % budget)
    sh = Shrinker(runner, ops, k, o.signature(), budget)
    kept = sh.run()
    final = sh.lines(kept)
    orig = sorted(picked[i] for i in kept) + ([picked[k]] if k < len(ops) else [])
    path = os.path.join(FUZZ_DIR, 'min-%s.txt' % label.replace(' ', '-'))
    with open(path, 'w') as f:
        f.write('# fuzz stream: %s shrunk, %s\n' % (label, o.signature()))
        f.write(''.join(l + '\n' for l in final))
    say('    minimal: %d operations after %d boots' % (len(final), sh.used))
    if origin:
        say('    from the seed:  make fuzz %s PICK=%s' % (origin, ','.join(map(str, orig))))
    say('    the stream:     make fuzz STREAM=%s' % os.path.relpath(path, TOP))
    say('    as commands in /sys/kernel/tracing:')
    for line in gen.shell(final):
        say('        ' + line)
    return False


def main():
    env = os.environ
    runner = Runner()
    budget = int(env.get('SHRINK_BOOTS') or 40)
    count = int(env.get('COUNT') or 200)
    t0 = time.time()
    results = []
    if env.get('STREAM'):
        ops = read_stream(env['STREAM'])
        results.append(run_one(runner, 'stream', ops, list(range(len(ops))), budget, None))
    else:
        for seed in seeds(env.get('SEED') or '1'):
            ops = gen.Gen(seed, count).stream()
            picked = list(range(len(ops)))
            origin = 'SEED=%d COUNT=%d' % (seed, count)
            if env.get('PICK'):
                want = set(int(i) for i in env['PICK'].split(','))
                picked = [i for i in picked if i in want]
                ops = [ops[i] for i in picked]
            results.append(run_one(runner, 'seed %d' % seed, ops, picked, budget, origin))
    clean = sum(results)
    say('%d passed, %d failed (%d boots, %d s)' % (clean, len(results) - clean,
                                                   runner.boots, time.time() - t0))
    return 0 if clean == len(results) else 1


if __name__ == '__main__':
    sys.exit(main())
