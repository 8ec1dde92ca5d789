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
    FUZZ_GEN=compose    the streams of compose.py (composed scenarios: COUNT
                        scenarios, 20 by default) instead of gen.py's

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
import compose  # noqa: E402

FUZZ_DIR = os.path.join(OUT, 'fuzz')


class OutOfBoots(Exception):
    pass


def mask(line):
    return re.sub(r'0x[0-9a-fA-F]+|\b[0-9a-fA-F]{8,}\b|\d+', 'N', line)


def rip_function(line):
    """'RIP: 0010:hist_build+0x127/0x74e' -> 'hist_build'."""
    text = line.split('RIP: ', 1)[-1]
    return text.split(':', 1)[-1].split('+')[0]


class Outcome:
    """What one boot of a stream showed (the RESULT file of fuzz-boot).

    A kernel report's signature is its first line with the numbers masked
    and the function its RIP: line names; sigs maps each operation that had
    a report to the signature of its first one."""

    def __init__(self, path):
        self.end, self.lastop, self.splat, self.rip, self.exit = 'exit', -1, '', '', None
        self.summary, self.problems, self.notes, self.guest_secs = {}, [], [], 0
        self.reports, self.sigs = [], {}
        rips, under = {}, None
        with open(path, errors='replace') as f:
            for line in f:
                word, _, rest = line.rstrip('\n').partition(' ')
                if word == 'END':
                    self.end = rest
                elif word == 'EXIT':
                    self.exit = int(rest)
                elif word == 'LASTOP':
                    self.lastop = int(rest)
                elif word == 'GUESTSECS':
                    self.guest_secs = int(rest)
                elif word == 'SPLAT':
                    self.splat = rest
                elif word == 'SPLATRIP':
                    self.rip = rest
                elif word == 'SUMMARY':
                    self.summary = dict(kv.split('=') for kv in rest.split())
                elif word in ('REPORT', 'RIP'):
                    op, _, text = rest.partition(' ')
                    if word == 'RIP':
                        rips.setdefault(int(op), rip_function(text))
                    else:
                        self.reports.append((int(op), text))
                elif word in ('LEFT', 'LEFTOVER', 'DIRTY'):
                    under = self.problems
                    under.append(line.rstrip('\n'))
                elif word == 'PARTIAL':
                    under = self.notes
                    under.append(line.rstrip('\n'))
                elif line.startswith('  ') and under is not None:
                    under.append(line.rstrip('\n'))
        for op, text in self.reports:
            if op not in self.sigs:
                rip = rips.get(op, '')
                self.sigs[op] = mask(text) + (' @ ' + rip if rip else '')
        if self.splat and not self.reports:
            self.sigs[self.lastop] = mask(self.splat) + (' @ ' + self.rip if self.rip else '')

    def culprit(self):
        """The first operation charged with a report (a crash included)."""
        if self.sigs:
            return min(self.sigs)
        if self.end != 'poweroff':
            return self.lastop
        return None

    def signature(self, first=0, last=None):
        """The signature of the first report during operations FIRST..LAST."""
        ops = [op for op in sorted(self.sigs) if op >= first and (last is None or op <= last)]
        return self.sigs[ops[0]] if ops else ''

    def failed(self):
        return bool(self.sigs or self.end != 'poweroff' or self.problems or
                    not self.summary)

    def describe(self):
        s = self.summary
        if s:
            text = ('%s ops, %s commands: %s accepted, %s refused; %s left by '
                    'refusals, %s leftovers, %s kernel reports; %s s + %s s clean-up'
                    % (s['ops'], s['commands'], s['accepted'], s['refused'],
                       s['left'], s['leftovers'], s['reports'], s['secs'], s['clean']))
        elif self.exit == 137:
            text = 'fuzzexec was killed by the time limit during operation %d' % self.lastop
        else:
            text = 'the guest ended (%s) during operation %d' % (self.end, self.lastop)
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


def ddmin(items, test_many):
    """Zeller's ddmin: a small sublist of ITEMS for which the test holds (it
    holds for ITEMS). TEST_MANY(candidates) tells the first candidate the
    test holds for, or None. Stops with the best so far when boots run out."""
    n = 2
    try:
        while len(items) >= 2:
            size = -(-len(items) // n)
            chunks = [items[i:i + size] for i in range(0, len(items), size)]
            rests = [[x for j, c in enumerate(chunks) if j != i for x in c]
                     for i in range(len(chunks))]
            hit = test_many(rests)
            if hit is not None:
                items, n = rests[hit], max(n - 1, 2)
            elif n >= len(items):
                break
            else:
                n = min(len(items), 2 * n)
    except OutOfBoots:
        pass
    return items


def tokens(text):
    return re.findall(r'[A-Za-z0-9_]+|\s+|.', text, re.S)


class Shrinker:
    """Shrinks the stream OPS whose operation K gave the report SIG. Several
    candidates share a boot, as segments of one stream (fuzzexec cleans up
    between them); the first that gives the report wins."""

    PER_BOOT = 12

    def __init__(self, runner, ops, k, sig, budget):
        self.runner, self.ops, self.k, self.sig = runner, list(ops), k, sig
        self.budget, self.used = budget, 0

    def lines(self, keep):
        tail = [self.ops[self.k]] if self.k < len(self.ops) else []
        return [self.ops[i] for i in sorted(keep)] + tail

    def test_many(self, cands):
        """CANDS: lists of operation lines. The index of the first that
        gives the report, or None."""
        for base in range(0, len(cands), self.PER_BOOT):
            if self.used >= self.budget:
                raise OutOfBoots
            self.used += 1
            batch = cands[base:base + self.PER_BOOT]
            stream, spans = [], []
            for c in batch:
                spans.append((len(stream), len(stream) + len(c)))  # ops and its "--"
                stream += c + ['--']
            o = self.runner.boot(stream)
            hit = None
            for i, (a, b) in enumerate(spans):
                if o.signature(a, b) == self.sig:
                    hit = i
                    break
            say('    boot %d/%d: %d candidates of %s operations: %s' % (
                self.used, self.budget, len(batch),
                '/'.join(str(len(c)) for c in batch),
                'candidate %d reproduces' % (hit + 1) if hit is not None else 'none reproduces'))
            if hit is not None:
                return base + hit
        return None

    def run(self):
        """The operations of the prefix kept; self.ops has the texts shrunk."""
        prefix = list(range(min(self.k, len(self.ops))))
        keep = prefix
        firsts = [[], [i for i in prefix if self.ops[i][0] in 'atdDUMX']]
        firsts = [c for c in firsts if len(c) < len(prefix)]
        try:
            hit = self.test_many([self.lines(c) for c in firsts]) if firsts else None
        except OutOfBoots:
            return keep
        if hit is not None:
            keep = firsts[hit]
        keep = ddmin(keep, lambda cands: self.test_many([self.lines(c) for c in cands]))
        # The text of the commands left, the reported one first.
        order = ([self.k] if self.k < len(self.ops) else []) + sorted(keep, reverse=True)
        for i in order:
            kind, _, rest = self.ops[i].partition(' ')
            if kind not in 'at' or self.used >= self.budget:
                continue
            path, _, text = rest.partition(' ')

            def line(toks, kind=kind, path=path):
                return '%s %s %s' % (kind, path, gen.esc(''.join(toks)))

            def test_many(cands, i=i, line=line):
                saved, lines = self.ops[i], []
                for c in cands:
                    self.ops[i] = line(c)
                    lines.append(self.lines(keep))
                self.ops[i] = saved
                return self.test_many(lines)
            self.ops[i] = line(ddmin(tokens(gen.unesc(text)), test_many))
        return keep

    def verify(self, keep):
        """One more boot of the result alone: does it give the report?"""
        o = self.runner.boot(self.lines(keep))
        self.used += 1
        return o.signature() == self.sig


def say(text):
    print(text, flush=True)


def read_stream(path):
    with open(path) as f:
        return [l.rstrip('\n') for l in f if l.strip() and not l.startswith('#')]


def run_one(runner, label, ops, picked, budget, origin):
    """Boot the stream OPS; report; shrink a kernel report. True if clean."""
    say('==> fuzz %s: %d operations' % (label, len(ops)))
    keep = os.path.join(FUZZ_DIR, label.replace(' ', '-'))
    o = runner.boot(ops, keep_as=keep)
    say('    ' + o.describe())
    for p in (o.problems + o.notes)[:60]:
        say('    ' + p)
    if not o.failed():
        return True
    k = o.culprit()
    if o.sigs:
        say('    kernel report: %s' % o.signature())
    elif o.end != 'poweroff':
        say('    the guest ended (%s) with no report on the console' % o.end)
    say('    console: %s.console' % keep)
    if k is None:
        return False
    what = ops[k] if k < len(ops) else 'the clean-up at the end of the stream'
    say('    during operation %d: %s' % (picked[k] if k < len(picked) else k, what))
    if not o.sigs or budget <= 0:
        return False

    say('    shrinking (at most %d boots)' % budget)
    sh = Shrinker(runner, ops, k, o.signature(), budget)
    kept = sh.run()
    final = sh.lines(kept)
    alone = sh.verify(kept)
    orig = sorted(picked[i] for i in kept) + ([picked[k]] if k < len(ops) else [])
    os.makedirs(FUZZ_DIR, exist_ok=True)
    path = os.path.join(FUZZ_DIR, 'min-%s.txt' % label.replace(' ', '-'))
    with open(path, 'w') as f:
        f.write('# fuzz stream: %s shrunk, %s\n' % (label, o.signature()))
        f.write(''.join(l + '\n' for l in final))
    say('    minimal: %d operations after %d boots; alone it %s the report' % (
        len(final), sh.used, 'gives' if alone else 'does NOT give'))
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
    count = int(env.get('COUNT') or (20 if env.get('FUZZ_GEN') == 'compose' else 200))
    t0 = time.time()
    results = []
    if env.get('STREAM'):
        ops = read_stream(env['STREAM'])
        results.append(run_one(runner, 'stream', ops, list(range(len(ops))), budget, None))
    else:
        composed = env.get('FUZZ_GEN') == 'compose'
        for seed in gen.seeds(env.get('SEED') or '1'):
            if composed:
                # COUNT scenarios of compose.py, one after the other.
                ops = compose.stream(seed, count)
            else:
                ops = gen.Gen(seed, count).stream()
            picked = list(range(len(ops)))
            origin = '%sSEED=%d COUNT=%d' % ('FUZZ_GEN=compose ' if composed else '', seed, count)
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
