#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fuzzdiff.py - make fuzzdiff: the fuzzer's streams run on stock and on
ours, their transcripts compared operation by operation.

Run by `harness/run fuzzdiff` once both kernels and their initramfs are
built, with TOP, HARNESS and BUILD in the environment and the make
variables:

    SEED=N|N-M|N,M,...  the seeds to run (default 1)
    COUNT=200           commands in each seed's stream
    SHOW=10             differing operations shown in full per seed

Each seed's stream (gen.py) boots once on each kernel with fuzzexec -t
(`harness/run fuzz-boot`, KERNEL=stock and ours at once, TRANSCRIPT=1); the
transcripts go to build/fuzzdiff/seed-N.stock and seed-N.ours. A
transcript is a block per operation: its line "#N OP ARGS", then what it
answered (accepted or the errno, the error_log entries with their carets,
the file an "r" operation read, the kernel's reports). Two blocks agree
when their text is the same once kernel text addresses and symbol offsets
(which differ between any two builds) are masked.

A hist table lists entries whose sort values tie in the order the map
holds them, which is the implementation's: a read whose tables hold the
same entries, in another order, is counted apart ("order"). So is a read
that differs only where the guest's timing decides (timing_masked(): the
entries of a table reading a timestamp, a variable or common_flags), "by timing". A differing
block is charged to the first entry of differences.txt for its kind of
operation whose pattern matches the operation or either answer (a listed,
justified difference), or, for a read whose answers differ in numbers
only, a command written before to the same event (listed_entry()); every
other is a difference to explain. Operations after the point where
one kernel's stream ended (a crash) are not compared.

Prints per seed the commands and reads compared, how many agree, how many
differ (listed or not), the first operation that differs and the first SHOW
differing blocks side by side; all of them go to build/fuzzdiff/seed-N.diff.
Ends with the totals: "N commands: N agree, N in another order, N listed,
N differ", the same for reads.
"""

import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys

HARNESS = os.environ['HARNESS']
BUILD = os.environ['BUILD']
sys.path.insert(0, os.path.join(HARNESS, 'fuzz'))
import gen  # noqa: E402

DIR = os.path.join(BUILD, 'fuzzdiff')
KERNELS = ('stock', 'ours')
COMMANDS = set('atdDMX')
OUTCOMES = ('agree', 'order', 'timing', 'listed', 'differ')


def say(text):
    print(text, flush=True)


def listed_differences():
    """differences.txt: (name, kind, compiled pattern) per entry."""
    out = []
    path = os.path.join(HARNESS, 'fuzz', 'differences.txt')
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            name, kind, pattern, _ = line.rstrip('\n').split('\t')
            out.append((name, kind, re.compile(pattern)))
    return out


def masked(text):
    """TEXT without what differs between any two builds or runs: kernel
    text addresses (stack traces, .hex of an address), a symbol's offset
    and size, and the numbers of an onmax()/onchange() line of a hist
    entry (a latency of this run, and the fields saved at its maximum):
    which fields it shows is kept; so are the values of common_timestamp
    and of the CPU in an entry."""
    text = re.sub(r'\bffffffff[0-9a-f]{8}\b', 'ADDR', text)
    text = re.sub(r'(?m)^\s+(max|changed):.*$',
                  lambda m: re.sub(r'\s+', ' ', re.sub(r'-?\d+', 'N', m.group(0))),
                  text)
    # A timestamp, as a key or a sum, is this run's; so is the CPU a hit
    # came on.
    text = re.sub(r'\b(common_timestamp(?:\.usecs)?:\s*)\d+', r'\1T', text)
    text = re.sub(r'\b((?:common_cpu|cpu|CPU):\s*)\d+', r'\1C', text)
    return re.sub(r'\+0x[0-9a-f]+/0x[0-9a-f]+', '+OFF', text)


def blocks(path):
    """The transcript PATH as {op number: (op line, block text)}."""
    out, cur, lines = {}, None, []
    with open(path, errors='replace') as f:
        for line in f:
            line = line.rstrip('\n').rstrip('\r')
            m = re.match(r'#(\d+) (.*)', line)
            if m:
                if cur is not None:
                    out[cur[0]] = (cur[1], masked('\n'.join(lines)))
                cur, lines = (int(m.group(1)), m.group(2)), []
            elif cur is not None:
                lines.append(line)
    if cur is not None:
        out[cur[0]] = (cur[1], masked('\n'.join(lines)))
    return out


def boot(kernel, stream, seed):
    """Run STREAM on KERNEL; its transcript's path."""
    env = dict(os.environ, KERNEL=kernel, TRANSCRIPT='1')
    result = os.path.join(DIR, 'seed-%d.%s.result' % (seed, kernel))
    subprocess.run([os.path.join(HARNESS, 'run'), 'fuzz-boot', stream, result],
                   env=env, check=False, stdout=subprocess.DEVNULL)
    out = os.path.join(DIR, 'seed-%d.%s' % (seed, kernel))
    shutil.copy(os.path.join(BUILD, kernel, 'fuzz', 'boot', 'out.txt'), out)
    shutil.copy(os.path.join(BUILD, kernel, 'fuzz', 'boot', 'console.log'),
                out + '.console')
    return out


def entries_sorted(text):
    """TEXT with the entries of each hist table (a "{" line and the lines
    under it) in sorted order."""
    out, entries = [], []
    for line in text.split('\n'):
        s = line.strip()
        if s.startswith('{'):
            entries.append([line])
        elif entries and s and not s.startswith(('Totals', '#')):
            entries[-1].append(line)
        else:
            out += [l for e in sorted(entries) for l in e]
            entries = []
            out.append(line)
    out += [l for e in sorted(entries) for l in e]
    return '\n'.join(out)


def timing_masked(text):
    """TEXT with what the timing of the guest decides taken out of each
    hist table whose spec reads a timestamp, a variable or common_flags:
    its entries (keys and values may be latencies, a variable may or may
    not be set in time, the flags hold the need-resched bit of the moment),
    the values an onmax()/onchange() kept and a snapshot's cause, and its
    Entries and Dropped counts. Its spec and its Hits stay."""
    out, timed = [], False
    for line in text.split('\n'):
        s = line.strip()
        if s.startswith('# trigger info:'):
            timed = 'common_timestamp' in s or '$' in s or 'common_flags' in s
        elif timed and (s.startswith('{') or line.startswith(('\t', '  \t')) or
                        s.startswith(('Snapshot taken', 'triggering value'))):
            continue
        elif timed and s.startswith(('Entries:', 'Dropped:')):
            line = re.sub(r'\d+', 'N', line)
        out.append(line)
    return '\n'.join(out)


def side_by_side(op, a, b):
    """A unified diff of the two answers to operation OP."""
    diff = difflib.unified_diff(a.splitlines(), b.splitlines(), 'stock', 'ours',
                                lineterm='', n=2)
    return ['#%d %s' % op] + ['    ' + l for l in diff]


class Tally:
    def __init__(self):
        self.kinds = {}

    def add(self, kind, what):
        self.kinds.setdefault(kind, dict.fromkeys(OUTCOMES, 0))
        self.kinds[kind][what] += 1

    def merge(self, other):
        for kind, counts in other.kinds.items():
            for what, n in counts.items():
                self.kinds.setdefault(kind, dict.fromkeys(OUTCOMES, 0))
                self.kinds[kind][what] += n

    def line(self, kind):
        c = self.kinds.get(kind, dict.fromkeys(OUTCOMES, 0))
        total = sum(c.values())
        pct = 100.0 * c['agree'] / total if total else 100.0
        return ('%d %s: %d agree (%.1f%%), %d in another order, %d by timing, '
                '%d listed, %d differ') % (total, kind, c['agree'], pct, c['order'],
                                           c['timing'], c['listed'], c['differ'])


def event_dir(line):
    """The directory of the file an operation line ("OP PATH ...") names."""
    parts = line.split(' ', 2)
    return os.path.dirname(parts[1]) if len(parts) > 1 else ''


def listed_entry(listed, kind, line, text_a, text_b, earlier):
    """The name of the differences.txt entry a differing block is charged
    to, or None. An entry matches the operation or either answer; for a
    read, it may also match a command written before to the same event
    (EARLIER), when the two answers differ in numbers only: the trigger
    file and the hist tables show an expression with a division by a
    constant folded or evaluated, no longer the division itself."""
    numbers_only = re.sub(r'\d+', 'N', text_a) == re.sub(r'\d+', 'N', text_b)
    for name, k, pat in listed:
        if k != kind:
            continue
        if pat.search(line) or pat.search(text_a) or pat.search(text_b):
            return name
        if kind == 'reads' and numbers_only and \
                any(pat.search(c) for c in earlier):
            return name
    return None


def compare(seed, stock, ours, listed, show):
    """Compare the transcripts of one seed; its Tally."""
    a, b = blocks(stock), blocks(ours)
    last = min(max(a, default=-1), max(b, default=-1))
    tally, shown, first, per_entry, written = Tally(), 0, None, {}, {}
    with open(os.path.join(DIR, 'seed-%d.diff' % seed), 'w') as out:
        for op in range(last + 1):
            if op not in a or op not in b:
                continue
            line, text_a = a[op]
            kind = 'commands' if line[:1] in COMMANDS else 'reads' if line[:1] == 'r' else None
            if kind is None:
                continue
            if kind == 'commands':
                written.setdefault(event_dir(line), []).append(line)
            text_b = b[op][1]
            if text_a == text_b:
                tally.add(kind, 'agree')
                continue
            if kind == 'reads' and entries_sorted(text_a) == entries_sorted(text_b):
                tally.add(kind, 'order')
                continue
            if kind == 'reads' and entries_sorted(timing_masked(text_a)) == \
                    entries_sorted(timing_masked(text_b)):
                tally.add(kind, 'timing')
                continue
            entry = listed_entry(listed, kind, line, text_a, text_b,
                                 written.get(event_dir(line), []))
            if entry:
                tally.add(kind, 'listed')
                per_entry[entry] = per_entry.get(entry, 0) + 1
                out.write('listed %s: #%d %s\n' % (entry, op, line))
                continue
            tally.add(kind, 'differ')
            if first is None:
                first = op
            lines = side_by_side((op, line), text_a, text_b)
            out.write('\n'.join(lines) + '\n')
            if shown < show:
                for l in lines:
                    say('    ' + l[:300])
                shown += 1
    ended = []
    for kernel, t in zip(KERNELS, (a, b)):
        if max(t, default=-1) < max(max(a, default=-1), max(b, default=-1)):
            ended.append('%s ended at operation %d' % (kernel, max(t, default=-1)))
    say('    %s; %s%s' % (tally.line('commands'), tally.line('reads'),
                         '; ' + ', '.join(ended) if ended else ''))
    if first is not None:
        say('    first difference at operation %d; all in %s'
            % (first, os.path.relpath(os.path.join(DIR, 'seed-%d.diff' % seed))))
    for name, n in sorted(per_entry.items()):
        say('    listed difference %s: %d' % (name, n))
    return tally


def main():
    env = os.environ
    count = int(env.get('COUNT') or 200)
    show = int(env.get('SHOW') or 10)
    listed = listed_differences()
    os.makedirs(DIR, exist_ok=True)
    total = Tally()
    for seed in gen.seeds(env.get('SEED') or '1'):
        ops = gen.Gen(seed, count, for_diff=True).stream()
        stream = os.path.join(DIR, 'seed-%d.txt' % seed)
        with open(stream, 'w') as f:
            f.write('# fuzz stream: seed %d, %d commands\n' % (seed, count))
            f.write(''.join(op + '\n' for op in ops))
        say('==> fuzzdiff seed %d: %d operations' % (seed, len(ops)))
        # Each guest keeps one host core busy: both kernels at once.
        with concurrent.futures.ThreadPoolExecutor(len(KERNELS)) as pool:
            paths = list(pool.map(lambda k: boot(k, stream, seed), KERNELS))
        total.merge(compare(seed, paths[0], paths[1], listed, show))
    say('%s; %s' % (total.line('commands'), total.line('reads')))
    return 0 if not total.kinds.get('commands', {}).get('differ') and \
        not total.kinds.get('reads', {}).get('differ') else 1


if __name__ == '__main__':
    sys.exit(main())
