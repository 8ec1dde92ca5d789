#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""covfuzz.py - coverage-guided differential fuzzing of hist triggers, with
stock 6.12's coverage of its own hist files as the guide (make covfuzz,
make coverage; harness/fuzz/README.md, "Guided by stock's coverage").

    covfuzz.py fuzz       the fuzzing loop on build/stock-kcov, then the
                          corpus minimized (make covfuzz, first part)
    covfuzz.py compare    the kept corpus on stock (its kcov build) and on
                          plain ours, every answer compared (make covfuzz,
                          second part; make covfuzz-compare)
    covfuzz.py measure fuzzdiff SEEDS COUNT | corpus
                          the coverage of make fuzzdiff's streams, or of the
                          corpus, run whole on KERNEL's kcov build
    covfuzz.py figures    the coverage table of make coverage

Run by harness/run with TOP, HARNESS and BUILD in the environment.

An input is a short program in the stream language of gen.py: commands,
event traffic and reads. A batch of inputs is one boot of stock-kcov
(`harness/run fuzz-boot`, FLAVOUR=kcov), each input a segment of the
stream (the user_events prologue, the input, "--"); fuzzexec -q -k cleans
up after each segment (only the trigger files it wrote to) and writes the
PCs of stock's hist objects that no earlier segment of the boot reached.
An input that reaches a PC no earlier input reached is kept. The first
inputs are the commands of harness/histdiff/cases and gen.py's short
streams of make fuzzdiff's kind; then kept inputs are mutated
(Mutator). The run ends when no new PC came in the last fifth of the
inputs run (at least COVFUZZ_MIN inputs), or after COVFUZZ_MINUTES.

With COVFUZZ_KERNEL=ours the loop runs on our kernel built with KCOV on our
objects (build/ours-kcov; with COVFUZZ_KASAN=1, FLAVOUR=kcov-kasan, KASAN
and UBSAN too: build/ours-kcov-kasan), guided by their PCs, and draws a
share COVFUZZ_COMPOSE (0.3 by default there, 0 on stock) of its inputs
(after the histdiff ones) from compose.py's scenarios; what stock must not see is not kept
out, gen.py's streams are make fuzz's (with our syntax), every kernel report
is charged to the input it came in (crashes.txt, and crash-N.txt, a stream
for make fuzz STREAM=), and nothing is compared with stock. Its files go to
build/covfuzz-ours/ (build/covfuzz-ours-kasan/).

Settings (environment): COVFUZZ_MINUTES=60, COVFUZZ_MIN=2000 inputs,
COVFUZZ_STOCK=kcov|plain (the stock build the comparison boots),
COVFUZZ_BATCH=150 inputs a boot, COVFUZZ_SEED=1, COVFUZZ_RESUME=1 (go on
from build/covfuzz/state.json), SHOW=10 (differences shown in full).

Files, in build/covfuzz/: state.json (the kept inputs with the PCs each
added, the PCs reached, the inputs run), log.txt (a line a batch),
corpus.txt (the kept inputs as one stream), min-corpus.txt (the smallest
subset reaching as much, by greedy set cover over one run of the corpus
with fuzzexec -K), crashes.txt (inputs during which stock crashed), and
the comparison's transcripts and compare/seed-0.diff.
"""

import bisect
import concurrent.futures
import glob
import hashlib
import json
import os
import random
import re
import shlex
import subprocess
import sys
import time

HARNESS = os.environ['HARNESS']
BUILD = os.environ['BUILD']
sys.path.insert(0, os.path.join(HARNESS, 'fuzz'))
import gen  # noqa: E402
import fuzzdiff  # noqa: E402
import compose  # noqa: E402

# The kernel whose coverage guides the loop (COVFUZZ_KERNEL, harness/run
# sets COVFUZZ_FLAVOUR): stock by default, as it always was.
KERNEL = os.environ.get('COVFUZZ_KERNEL') or 'stock'
FLAVOUR = os.environ.get('COVFUZZ_FLAVOUR') or 'kcov'
OURS = KERNEL == 'ours'
# KASAN makes a guest 4 to 7 times slower under TCG.
SLOW = 5 if 'kasan' in FLAVOUR else 1
DIR = os.path.join(BUILD, 'covfuzz' + ('-ours' if OURS else '') +
                   ('-kasan' if 'kasan' in FLAVOUR else ''))
# The share of fresh inputs drawn from compose.py's scenarios.
COMPOSE = float(os.environ.get('COVFUZZ_COMPOSE') or (0.3 if OURS else 0))
# The operations a mutant may have: more on ours, whose composed
# scenarios are longer (38 operations on average).
MUT_OPS = 100 if OURS else 40
KCOV_SEEN = '/sys/kernel/debug/kcov_seen'
PROLOGUE_OPS = 2 * len(gen.USER_EVENTS)
MAX_OPS = 40
TRAFFIC = set('emwsx')


def say(text):
    print(text, flush=True)


# ---- inputs -----------------------------------------------------------------

def prologue():
    g = gen.Gen(0, 0, for_diff=True)
    g.prologue()
    return g.ops


def gen_input(seed, r):
    """A short stream of make fuzzdiff's kind (make fuzz's on ours),
    without its prologue."""
    return gen.Gen(seed, r.choice([2, 4, 6, 8, 12]), for_diff=not OURS).stream()[PROLOGUE_OPS:]


def compose_input(seed):
    """The first scenario of compose.py's SEED (compose.py SEED 1)."""
    return compose.Composer(seed).scenario()[0]


def allowed(op):
    """Whether OP may run on stock in a comparison: no snapshot trigger
    (with a hist .snapshot() action it oopses stock, FINDINGS.md 3), and
    enable_hist/disable_hist only on events the input fires itself (as
    gen.py's for_diff streams). On ours (COVFUZZ_KERNEL=ours), anything."""
    if OURS:
        return True
    kind, _, rest = op.partition(' ')
    if kind not in 'at':
        return True
    path, _, text = rest.partition(' ')
    text = gen.unesc(text)
    if path.endswith('/trigger') and re.match(r'\s*!?\s*snapshot\b', text):
        return False
    if re.search(r'(enable|disable)_hist', text) and \
            re.search(r'/(sched|syscalls|ftrace)/', path):
        return False
    return True


# The histdiff cases, read as inputs: their helper calls become operations.
HD_CALLS = {'trigger': 'trigger', 'try': 'trigger', 'append': 'file',
            'trunc': 'trunc', 'try_synth': 'synth'}


def hd_decls():
    """The user_events of harness/histdiff/lib.sh: helper -> [declaration]."""
    text = open(os.path.join(HARNESS, 'histdiff', 'lib.sh')).read()
    ue = dict(re.findall(r"^UE_(\w+)='([^']*)'", text, re.M))
    out = {}
    for fn, body in re.findall(r'^(\w+)_event\(\)\n\{\n(.*?)^\}', text, re.M | re.S):
        out[fn] = [ue[v] for v in re.findall(r'\$UE_(\w+)', body) if v in ue]
    return out


def hd_words(line):
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return []


def hd_ops(words, decls, declared):
    """The operations of one helper call of a case (WORDS), or []."""
    if not words:
        return []
    w = words[0]
    if w.endswith('_event') and w[:-6] in decls:
        ops = []
        for d in decls[w[:-6]]:
            declared.append(d)
            ops += ['a dynamic_events ' + gen.esc('u:' + d), 'U ' + d]
        return ops
    if w.endswith('_gen'):
        return [emit_op(d, random.Random(len(declared))) for d in declared for _ in range(3)]
    if w in HD_CALLS and len(words) >= 2:
        how = HD_CALLS[w]
        if how == 'synth':
            return ['a synthetic_events ' + gen.esc(words[1])]
        if len(words) < 3:
            return []
        if how == 'trigger':
            return ['a events/%s/trigger %s' % (words[1], gen.esc(words[2]))]
        ops = ['%s %s %s' % ('t' if how == 'trunc' else 'a', words[1], gen.esc(words[2]))]
        if words[1] == 'dynamic_events' and words[2].startswith('u:'):
            declared.append(words[2][2:])
            ops.append('U ' + words[2][2:])
        return ops
    if w == 'hist' and len(words) == 2:
        return ['r events/%s/hist' % words[1]]
    if w == 'trig' and len(words) == 2:
        return ['r events/%s/trigger' % words[1]]
    if w == 'show' and len(words) == 2:
        return ['r ' + words[1]]
    return []


def emit_op(decl, r):
    name, _, fields = decl.partition(' ')
    vals = []
    for f in fields.split(';'):
        ctype = f.strip().rpartition(' ')[0]
        if 'char' in ctype and ('[' in ctype):
            vals.append(r.choice(gen.STRINGS).replace(',', ''))
        else:
            vals.append(r.choice(['0', '1', '5', '17', '-1', '255', '4294967295']))
    return 'e %s %s' % (name, ','.join(vals))


def histdiff_inputs():
    """Inputs made of the commands of harness/histdiff/cases (a `for VAR
    in ...; do ... done` loop unrolled), MAX_OPS operations each."""
    decls = hd_decls()
    cases = os.path.join(HARNESS, 'histdiff', 'cases')
    out = []
    for name in sorted(os.listdir(cases)):
        text = open(os.path.join(cases, name)).read()
        text = re.sub(r'\\\n', ' ', text)
        ops, declared, loop = [], [], None
        for line in text.split('\n'):
            s = line.strip()
            m = re.match(r'for (\w+) in (.*?);?\s*(do)?$', s)
            if m:
                loop = (m.group(1), hd_words(m.group(2)), [])
                continue
            if loop is not None:
                if s == 'done' or s.startswith('done'):
                    var, items, body = loop
                    for item in items:
                        for b in body:
                            b = b.replace('"$%s"' % var, shlex.quote(item))
                            b = b.replace('${%s}' % var, item).replace('$' + var, item)
                            ops += hd_ops(hd_words(b), decls, declared)
                    loop = None
                elif s not in ('do', ''):
                    loop[2].append(s)
                continue
            ops += hd_ops(hd_words(s), decls, declared)
        ops = [o for o in ops if allowed(o)]
        head = [o for o in ops if o.startswith(('a dynamic_events u:', 'U '))]
        rest = [o for o in ops if o not in head]
        for i in range(0, len(rest), MAX_OPS - len(head)):
            out.append({'ops': head + rest[i:i + MAX_OPS - len(head)],
                        'origin': 'histdiff:' + name[:-3]})
    return out


# ---- mutation -----------------------------------------------------------------

NAMES = ['fzn1', 'fzn2']
# The words of a hist command that look like NAME= and are no variable.
KEYWORDS = ('hist', 'keys', 'key', 'vals', 'values', 'sort', 'size', 'name', 'clock')
MODS = [m.replace('%d', '10') for m in gen.ALL_MODS]


def split_op(op):
    kind, _, rest = op.partition(' ')
    path, _, text = rest.partition(' ')
    return kind, path, gen.unesc(text)


def join_op(kind, path, text):
    return '%s %s %s' % (kind, path, gen.esc(text))


def commands(ops):
    return [i for i, o in enumerate(ops) if o[:1] in 'at' and ' ' in o[2:]]


class Mutator:
    """The mutations of the issue: parts of two commands spliced, a
    definition moved after its use, handlers, names, instances, qualifiers,
    modifiers and filters added or dropped, the event traffic changed; and
    gen.py's own, on the text of a command."""

    def __init__(self, r, pool):
        self.r = r
        self.pool = pool              # operations to draw from
        texts = [split_op(o)[2] for o in pool if o[:1] in 'at']
        self.handlers = sorted({m.group(0) for t in texts for m in
                                re.finditer(r':on(?:match|max|change)\([^)]*\)(?:\.\w+\([^)]*\))+', t)})
        self.filters = sorted({m.group(1) for t in texts for m in
                               re.finditer(r' if (.+)$', t)})
        self.g = gen.Gen(r.randrange(1 << 30), 0, for_diff=not OURS)

    def pick(self, seq):
        return self.r.choice(seq)

    def text_of(self, ops):
        """(index, kind, path, text) of a command of OPS, or None."""
        idx = commands(ops)
        if not idx:
            return None
        i = self.pick(idx)
        return (i,) + split_op(ops[i])

    def on_text(self, ops, fn):
        c = self.text_of(ops)
        if c is None:
            return ops
        i, kind, path, text = c
        new = fn(path, text)
        if new is None or new == text:
            return ops
        if isinstance(new, tuple):
            path, new = new
        return ops[:i] + [join_op(kind, path, new)] + ops[i + 1:]

    def splice(self, ops, other):
        o = self.text_of(other)
        if o is None:
            return ops

        def fn(path, text):
            a, b = text.split(':'), o[3].split(':')
            i, j = self.r.randrange(len(a) + 1), self.r.randrange(len(b))
            mixed = a[:i] + b[j:j + self.pick([1, 1, 2, len(b)])] + a[i:]
            return (o[2] if self.r.random() < 0.3 else path), ':'.join(mixed)
        return self.on_text(ops, fn)

    def move_definition(self, ops):
        defs = [i for i, o in enumerate(ops)
                if o.startswith(('a synthetic_events', 'a dynamic_events', 'd '))]
        if not defs:
            return ops
        i = self.pick(defs)
        j = self.r.randrange(i, len(ops))
        ops = ops[:]
        ops.insert(j, ops.pop(i))
        return ops

    def handler(self, ops):
        def fn(path, text):
            m = list(re.finditer(r':on(?:match|max|change)\([^)]*\)(?:\.\w+\([^)]*\))+', text))
            if m and self.r.random() < 0.4:
                x = self.pick(m)
                return text[:x.start()] + text[x.end():]
            if not self.handlers or not text.startswith('hist'):
                return None
            cut = text.find(' if ')
            cut = len(text) if cut < 0 else cut
            return text[:cut] + self.pick(self.handlers) + text[cut:]
        return self.on_text(ops, fn)

    def name(self, ops):
        def fn(path, text):
            if ':name=' in text:
                return re.sub(r':name=[^: ]*', '', text, count=1)
            if not text.startswith('hist'):
                return None
            cut = text.find(' if ')
            cut = len(text) if cut < 0 else cut
            return text[:cut] + ':name=' + self.pick(NAMES) + text[cut:]
        return self.on_text(ops, fn)

    def instance(self, ops):
        idx = [i for i in commands(ops) if split_op(ops[i])[1].startswith('events/')]
        inside = [i for i in commands(ops) if split_op(ops[i])[1].startswith(gen.INSTANCE)]
        ops = ops[:]
        if inside and (not idx or self.r.random() < 0.4):
            i = self.pick(inside)
            kind, path, text = split_op(ops[i])
            ops[i] = join_op(kind, path[len(gen.INSTANCE) + 1:], text)
            return ops
        if not idx:
            return ops
        i = self.pick(idx)
        kind, path, text = split_op(ops[i])
        ops[i] = join_op(kind, gen.INSTANCE + '/' + path, text)
        if 'd ' + gen.INSTANCE not in ops[:i]:
            ops.insert(self.r.randrange(i + 1), 'd ' + gen.INSTANCE)
        return ops

    def qualifier(self, ops):
        def fn(path, text):
            m = re.match(r'(?:%s/)?events/([^/]+)/([^/]+)/trigger$' % gen.INSTANCE, path)
            if not m:
                return None
            q = '%s.%s.' % m.groups()
            if q in text and self.r.random() < 0.5:
                return text.replace(q, '', 1)
            ids = [x for x in re.finditer(r'(?<=[=,:(+*/-])([a-z_][a-z0-9_]*)\b(?![.(=])', text)
                   if x.group(1) not in ('hist', 'keys', 'key', 'vals', 'values', 'sort',
                                         'size', 'name', 'if', 'hitcount', 'clock')]
            if not ids:
                return None
            x = self.pick(ids)
            return text[:x.start()] + q + text[x.start():]
        return self.on_text(ops, fn)

    def modifier(self, ops):
        def fn(path, text):
            m = list(re.finditer(r'\.(%s)\b' % '|'.join(re.escape(x) for x in MODS), text))
            if m and self.r.random() < 0.4:
                x = self.pick(m)
                return text[:x.start()] + text[x.end():]
            ids = list(re.finditer(r'(?<=[=,])([a-z_][a-z0-9_]*)(?=[,:]|$)', text))
            if not ids:
                return None
            x = self.pick(ids)
            return text[:x.end()] + '.' + self.pick(MODS) + text[x.end():]
        return self.on_text(ops, fn)

    def var_ref(self, ops):
        """A reference to a variable of another trigger of the input
        written the other way, $v or SYSTEM.EVENT.$v, in place or in a
        variable added beside it: a trigger's references to one variable
        are named as the first of them is (issue 42, case 1)."""
        where = {}
        for i in commands(ops):
            _, path, text = split_op(ops[i])
            m = re.match(r'(?:%s/)?events/([^/]+)/([^/]+)/trigger$' % gen.INSTANCE, path)
            for v in re.finditer(r'[:,](\w+)=', text or ''):
                if m and v.group(1) not in KEYWORDS:
                    where[v.group(1)] = '%s.%s.' % m.groups()

        def fn(path, text):
            refs = [x for x in re.finditer(r'(?:\w+\.\w+\.)?\$(\w+)', text)
                    if x.group(1) in where]
            if not refs or not text.startswith('hist'):
                return None
            x = self.pick(refs)
            other = ('$' if '.' in x.group(0) else where[x.group(1)] + '$') + x.group(1)
            if self.r.random() < 0.5:
                return text[:x.start()] + other + text[x.end():]
            cut = text.find(' if ')
            cut = len(text) if cut < 0 else cut
            return text[:cut] + ':fzq=%s%s' % (self.pick(['', '1+']), other) + text[cut:]
        return self.on_text(ops, fn)

    def own_alias(self, ops):
        """A variable of the command used by its name as a key or a value
        ("keys=$v:v=FIELD.MODIFIER", issue 42, case 2)."""
        def fn(path, text):
            names = [m.group(1) for m in re.finditer(r'[:,](\w+)=[^,: ]', text)
                     if m.group(1) not in KEYWORDS]
            lists = list(re.finditer(r'(?<=[:])(?:keys?|vals|values)=([^: ]*)', text))
            if not names or not lists:
                return None
            x = self.pick(lists)
            return text[:x.end()] + ',$' + self.pick(names) + text[x.end():]
        return self.on_text(ops, fn)

    def key_twice(self, ops):
        """A key of the command repeated, with another modifier or none:
        keys that fill the room the ABI counts them by, a stack array of
        the record keyed twice among them (issue 42, case 3)."""
        def fn(path, text):
            m = re.search(r'(?<=:)keys?=([^: ]*)', text)
            if not m or not m.group(1):
                return None
            keys = m.group(1).split(',')
            again = self.pick(keys).split('.')[0] + self.pick(
                ['', '', '.stacktrace', '.hex', '.log2', '.sym'])
            keys.insert(self.r.randrange(len(keys) + 1), again)
            return text[:m.start(1)] + ','.join(keys) + text[m.end(1):]
        return self.on_text(ops, fn)

    def parens(self, ops):
        """An operand of a definition put in parentheses, or the definition
        negated, with parentheses or without: "-a+(b)", "-(a)", "-a" (issue
        42, case 4: a unary minus takes whatever its parentheses hold)."""
        def fn(path, text):
            defs = [m for m in re.finditer(r'(?<=[:,])(\w+)=([^,: ]+)', text)
                    if m.group(1) not in KEYWORDS]
            if not defs:
                return None
            x = self.pick(defs)
            expr, c = x.group(2), self.r.random()
            atoms = list(re.finditer(r'[\w.$]+', expr))
            if c < 0.4 and atoms:
                a = self.pick(atoms)
                expr = expr[:a.start()] + '(' + a.group(0) + ')' + expr[a.end():]
            elif c < 0.7:
                expr = '-(' + expr + ')'
            else:
                expr = '-' + expr
            return text[:x.start(2)] + expr + text[x.end(2):]
        return self.on_text(ops, fn)

    def filter(self, ops):
        def fn(path, text):
            if ' if ' in text and self.r.random() < 0.5:
                return text[:text.find(' if ')]
            if not self.filters:
                return None
            base = text[:text.find(' if ')] if ' if ' in text else text
            return base + ' if ' + self.pick(self.filters)
        return self.on_text(ops, fn)

    def sort(self, ops):
        def fn(path, text):
            m = re.match(r'hist:(?:keys?)=([^: ]*)(?::(?:vals|values)=([^: ]*))?', text)
            if not m:
                return None
            names = [f.split('.')[0] for f in ','.join(x for x in m.groups() if x).split(',')]
            names = [n for n in names if n] + ['hitcount']
            spec = ','.join(self.pick(names) + self.pick(['', '', '.descending', '.ascending'])
                            for _ in range(self.pick([1, 1, 2])))
            if ':sort=' in text:
                return re.sub(r':sort=[^: ]*', ':sort=' + spec, text, count=1)
            cut = text.find(' if ')
            cut = len(text) if cut < 0 else cut
            return text[:cut] + ':sort=' + spec + text[cut:]
        return self.on_text(ops, fn)

    def emits(self, ops):
        """Events of a user_event with distinct values, so that a table
        has entries to sort and print."""
        name, fields = self.pick(gen.USER_EVENTS)
        new = ['e %s %s' % (name, self.g.emit_values(fields)) for _ in range(self.pick([3, 8, 20]))]
        i = self.r.randrange(len(ops) + 1)
        return ops[:i] + new + ops[i:]

    def synth_trace(self, ops):
        """A synthetic event of the input enabled, so that what its
        actions generate goes to the ring buffer, and the buffer read; it
        is disabled again at the end, for the clean-up to delete it."""
        names = sorted({m.group(1) for o in ops for m in
                        [re.match(r'a synthetic_events (\w+) ', o) or
                         re.match(r'a dynamic_events s:(?:synthetic/)?(\w+) ', o)] if m})
        if not names:
            return ops
        path = 'events/synthetic/%s/enable' % self.pick(names)
        i = self.r.randrange(len(ops) + 1)
        return ops[:i] + ['a %s 1' % path] + ops[i:] + ['R trace', 'a %s 0' % path]

    def traffic(self, ops):
        ops = ops[:]
        t = [i for i, o in enumerate(ops) if o[:1] in TRAFFIC]
        c = self.r.random()
        if t and c < 0.3:
            del ops[self.pick(t)]
        elif t and c < 0.5:
            i = self.pick(t)
            ops[i:i] = [ops[i]] * self.pick([1, 3, 10])
        elif c < 0.7:
            ops = self.emits(ops)
        else:
            self.g.ops = []
            self.g.traffic()
            ops[self.r.randrange(len(ops) + 1):0] = self.g.ops or ['w 1']
        return ops

    def gen_text(self, ops):
        return self.on_text(ops, lambda path, text: self.g.mutate_once(text))

    def insert(self, ops):
        ops = ops[:]
        ops.insert(self.r.randrange(len(ops) + 1), self.pick(self.pool))
        return ops

    def drop(self, ops):
        if len(ops) < 2:
            return ops
        ops = ops[:]
        del ops[self.r.randrange(len(ops))]
        return ops

    def crossover(self, ops, other):
        return ops[:self.r.randrange(len(ops) + 1)] + other[self.r.randrange(len(other) + 1):]

    def mutate(self, ops, other):
        table = [self.splice, self.move_definition, self.handler, self.name,
                 self.instance, self.qualifier, self.modifier, self.filter, self.sort,
                 self.var_ref, self.own_alias, self.key_twice, self.parens,
                 self.traffic, self.synth_trace, self.gen_text, self.insert, self.drop,
                 self.crossover]
        for _ in range(self.pick([1, 1, 2, 3])):
            fn = self.pick(table)
            ops = fn(ops, other) if fn in (self.splice, self.crossover) else fn(ops)
        ops = [o for o in ops if allowed(o)]
        if len(ops) > MUT_OPS:
            # What ends the input (a synthetic event disabled) stays.
            ops = ops[:MUT_OPS - 2] + ops[-2:]
        return ops or ['w 1']


# ---- boots --------------------------------------------------------------------

def segments_stream(inputs, path):
    """The inputs as one stream, a segment each; the op index at which
    each segment starts."""
    pro = prologue()
    starts, n = [], 0
    with open(path, 'w') as f:
        f.write('# covfuzz: %d inputs\n' % len(inputs))
        for ops in inputs:
            starts.append(n)
            for op in pro + ops + ['--']:
                f.write(op + '\n')
                n += 1
    return starts


def boot(kernel, flavour, stream, flags, tag, timeout, transcript=False):
    """One boot of STREAM: (END of the result, fuzzexec's OUT lines)."""
    bootdir = os.path.join(DIR, 'boot-' + tag)
    result = os.path.join(DIR, tag + '.result')
    env = dict(os.environ, KERNEL=kernel, FLAVOUR=flavour, FUZZ_FLAGS=flags,
               FUZZ_BOOT_DIR=bootdir, TEST_TIMEOUT=str(timeout),
               TRANSCRIPT='1' if transcript else '0')
    subprocess.run([os.path.join(HARNESS, 'run'), 'fuzz-boot', stream, result],
                   env=env, check=False, stdout=subprocess.DEVNULL)
    res = open(result, errors='replace').read()
    out = open(os.path.join(bootdir, 'out.txt'), errors='replace').read().split('\n')
    return res, out, bootdir


def coverage_lines(out):
    """The PC sets of the "%cov" lines of OUT, in order: one a segment,
    and the last one of the stream's own end (its clean-up finds nothing
    left by then)."""
    covs = []
    for line in out:
        if line.startswith('%lost'):
            say('    warning: the kernel lost PCs (%s)' % line)
        if line.startswith('%cov'):
            covs.append({int(x, 16) for x in line.split()[1:]})
    return covs


def last_op(out):
    ops = [int(m.group(1)) for m in (re.match(r'#(\d+)', l) for l in out) if m]
    return ops[-1] if ops else -1


# ---- the loop ----------------------------------------------------------------

def load_state():
    path = os.path.join(DIR, 'state.json')
    if os.environ.get('COVFUZZ_RESUME') == '1' and os.path.exists(path):
        return json.load(open(path))
    return {'corpus': [], 'seen': [], 'runs': 0, 'last_new': 0, 'crashes': [],
            'secs': 0.0, 'gen_next': 1, 'hd_next': 0, 'batches': 0}


def save_state(st):
    tmp = os.path.join(DIR, 'state.json.tmp')
    with open(tmp, 'w') as f:
        json.dump(st, f)
    os.replace(tmp, os.path.join(DIR, 'state.json'))


def next_batch(st, r, mut, hd, size):
    """SIZE inputs: the histdiff ones and gen.py ones first, then mostly
    mutants of kept inputs, some fresh gen.py inputs among them."""
    batch = []
    while len(batch) < size:
        if st['hd_next'] < len(hd):
            batch.append(dict(hd[st['hd_next']]))
            st['hd_next'] += 1
        elif COMPOSE and r.random() < COMPOSE:
            s = 200000 + st.get('compose_next', 1)
            st['compose_next'] = st.get('compose_next', 1) + 1
            batch.append({'ops': compose_input(s), 'origin': 'compose:%d' % s})
        elif st['gen_next'] <= 300 or not st['corpus'] or r.random() < 0.1:
            s = 100000 + st['gen_next']
            st['gen_next'] += 1
            batch.append({'ops': [o for o in gen_input(s, r) if allowed(o)],
                          'origin': 'gen:%d' % s})
        else:
            a, b = r.choice(st['corpus']), r.choice(st['corpus'])
            batch.append({'ops': mut.mutate(a['ops'], b['ops']),
                          'origin': 'mut:%d+%d' % (a['id'], b['id'])})
    return batch


def run_batch(st, batch, n):
    """Boot stock-kcov with BATCH; keep what reached new PCs. The inputs
    left when the boot ended early are returned, to go on with."""
    stream = os.path.join(DIR, 'batch.txt')
    starts = segments_stream([b['ops'] for b in batch], stream)
    t0 = time.time()
    res, out, bootdir = boot(KERNEL, FLAVOUR, stream, '-q -k ' + KCOV_SEEN, 'fuzz',
                             (60 + 3 * len(batch)) * SLOW)
    st['secs'] += time.time() - t0
    covs = coverage_lines(out)
    seen = set(st['seen'])
    kept = 0
    for i, cov in enumerate(covs[:len(batch)]):
        st['runs'] += 1
        new = cov - seen
        if new:
            seen |= new
            kept += 1
            st['last_new'] = st['runs']
            b = dict(batch[i], id=len(st['corpus']), new=sorted(new), run=st['runs'])
            st['corpus'].append(b)
    st['seen'] = sorted(seen)
    done = len(covs)
    rest = []
    if OURS:
        # Every kernel report (fuzzexec's REPORT lines) charged to the
        # input it came in, once an input; the boot goes on after most.
        charged = set()
        for line in res.split('\n'):
            m = re.match(r'REPORT (\d+) (.*)', line)
            if not m:
                continue
            seg = bisect.bisect_right(starts, int(m.group(1))) - 1
            if seg < 0 or seg >= len(batch) or seg in charged:
                continue
            charged.add(seg)
            st['crashes'].append({'ops': batch[seg]['ops'], 'origin': batch[seg]['origin'],
                                  'report': [line], 'console': os.path.join(bootdir, 'console.log')})
            say('    report in input %d (%s): %s' % (seg, batch[seg]['origin'], m.group(2)[:160]))
    if done < len(batch):
        # The boot ended in the middle of input DONE.
        op = last_op(out)
        crashed = max(i for i, s in enumerate(starts) if s <= max(op, 0))
        report = [l for l in res.split('\n') if l.startswith(('SPLAT', 'END'))]
        st['runs'] += 1
        st['crashes'].append({'ops': batch[crashed]['ops'], 'origin': batch[crashed]['origin'],
                              'report': report, 'console': os.path.join(bootdir, 'console.log')})
        say('    boot ended in input %d (%s): %s' % (crashed, batch[crashed]['origin'],
                                                     '; '.join(report)))
        rest = batch[crashed + 1:]
    with open(os.path.join(DIR, 'log.txt'), 'a') as f:
        f.write('%d\t%d\t%d\t%d\t%d\t%.0f\n' % (n, st['runs'], len(st['corpus']),
                                               len(st['seen']), kept, st['secs']))
    say('  batch %d: %d inputs in %.0f s, %d kept; %d runs, corpus %d, %d PCs, last new at run %d'
        % (n, done, time.time() - t0, kept, st['runs'], len(st['corpus']), len(st['seen']),
           st['last_new']))
    return rest


def write_corpus(inputs, path):
    with open(path, 'w') as f:
        f.write('# covfuzz corpus: %d inputs, each a segment ended by "--"\n' % len(inputs))
        for b in inputs:
            f.write('# input %s (%s)\n' % (b.get('id', '-'), b.get('origin', '')))
            for op in prologue() + b['ops'] + ['--']:
                f.write(op + '\n')


def read_corpus(path):
    """The inputs write_corpus() wrote to PATH, each without its prologue."""
    inputs, ops, head, n = [], [], None, len(prologue())
    for line in open(path):
        line = line.rstrip('\n')
        m = re.match(r'# input (\S+) \((.*)\)$', line)
        if m:
            head = m.groups()
        elif line == '--':
            inputs.append({'id': len(inputs), 'origin': '%s %s' % head, 'ops': ops[n:]})
            ops = []
        elif not line.startswith('#'):
            ops.append(line)
    return inputs


def kept_inputs():
    """The kept inputs of the last run (DIR/state.json) or, when there is
    none, the minimized corpus in the tree (harness/fuzz/corpus/stream.txt)."""
    state = os.path.join(DIR, 'state.json')
    if os.path.exists(state):
        return json.load(open(state))['corpus'], state
    path = os.path.join(HARNESS, 'fuzz', 'corpus', 'stream.txt')
    return read_corpus(path), path


def replay(corpus):
    """Run the corpus once with every PC per segment (-K): the PC set of
    each input, in order (fewer when the boot ended early)."""
    stream = os.path.join(DIR, 'replay.txt')
    segments_stream([b['ops'] for b in corpus], stream)
    res, out, _ = boot(KERNEL, FLAVOUR, stream, '-q -K ' + KCOV_SEEN, 'replay',
                       (120 + 3 * len(corpus)) * SLOW)
    covs = coverage_lines(out)[:len(corpus)]
    if len(covs) < len(corpus):
        say('    the replay of the corpus ended at input %d of %d' % (len(covs), len(corpus)))
    return covs


def build_ident():
    """What tells one build of the kernel fuzzed from another: its
    System.map, whose addresses are the PCs the state keeps."""
    path = os.path.join(BUILD, '%s-%s' % (KERNEL, FLAVOUR), 'obj', 'System.map')
    return hashlib.sha1(open(path, 'rb').read()).hexdigest() if os.path.exists(path) else ''


def minimize(st):
    """Run the corpus once with every PC per segment (-K); the smallest
    subset (greedy set cover) reaching what that run reached. On ours the
    corpus of make check (harness/fuzz/corpus-ours/) runs with the kept
    inputs, so that what is kept can take its place and lose nothing."""
    corpus = st['corpus']
    if OURS:
        for path in sorted(glob.glob(os.path.join(HARNESS, 'fuzz', 'corpus-ours', '*.txt'))):
            corpus = corpus + read_corpus(path)
    covs = replay(corpus)
    union = set().union(*covs) if covs else set()
    left, chosen = set(union), []
    while left:
        best = max(range(len(covs)), key=lambda i: (len(covs[i] & left), -len(corpus[i]['ops'])))
        if not covs[best] & left:
            break
        chosen.append(best)
        left -= covs[best]
    chosen.sort()
    mini = [corpus[i] for i in chosen]
    write_corpus(mini, os.path.join(DIR, 'min-corpus.txt'))
    with open(os.path.join(DIR, 'replay-seen.txt'), 'w') as f:
        f.write(''.join('%x\n' % pc for pc in sorted(union)))
    say('==> corpus replayed: %d PCs (%d in the run); minimized to %d inputs, %d operations'
        % (len(union), len(st['seen']), len(mini), sum(len(b['ops']) for b in mini)))


def mutator(r):
    """The histdiff inputs, and the Mutator drawing with R from the
    operations of gen.py's streams and of those inputs."""
    hd = histdiff_inputs()
    pool = [o for s in range(1, 60) for o in gen.Gen(s, 40, for_diff=not OURS).stream()[PROLOGUE_OPS:]
            if allowed(o)] + [o for b in hd for o in b['ops']]
    if COMPOSE:
        pool += [o for s in range(1, 40) for o in compose_input(300000 + s)]
    return hd, Mutator(r, pool)


def fuzz():
    os.makedirs(DIR, exist_ok=True)
    minutes = float(os.environ.get('COVFUZZ_MINUTES') or 60)
    least = int(os.environ.get('COVFUZZ_MIN') or 2000)
    size = int(os.environ.get('COVFUZZ_BATCH') or 150)
    st = load_state()
    # The PCs of a state saved on another build of the kernel are
    # addresses of other code: the kept inputs are run again to learn what
    # they reach on this one.
    ident = build_ident()
    if st['corpus'] and st.get('build') != ident:
        covs = replay(st['corpus'])
        st['seen'] = sorted(set().union(*covs)) if covs else []
        say('==> the kernel was built again since the state was saved: its %d kept inputs, '
            'run again, reach %d PCs' % (len(st['corpus']), len(st['seen'])))
    st['build'] = ident
    r = random.Random(int(os.environ.get('COVFUZZ_SEED') or 1) + st['batches'])
    hd, mut = mutator(r)
    say('==> covfuzz on %s (%s): %d histdiff inputs, %d operations to draw from%s; until no new PC '
        'in the last fifth of at least %d inputs, or %g minutes'
        % (KERNEL, FLAVOUR, len(hd), len(mut.pool),
           ', %d%% of the inputs composed' % (100 * COMPOSE) if COMPOSE else '', least, minutes))
    t0, pending = time.time(), []
    while True:
        batch = pending + next_batch(st, r, mut, hd, size - len(pending))
        st['batches'] += 1
        pending = run_batch(st, batch, st['batches'])
        save_state(st)
        if st['runs'] >= least and st['last_new'] <= 0.8 * st['runs']:
            say('==> no new PC since run %d of %d: stopped' % (st['last_new'], st['runs']))
            break
        if time.time() - t0 > minutes * 60:
            say('==> %g minutes are over (last new PC at run %d of %d)'
                % (minutes, st['last_new'], st['runs']))
            break
    write_corpus(st['corpus'], os.path.join(DIR, 'corpus.txt'))
    with open(os.path.join(DIR, 'crashes.txt'), 'w') as f:
        for c in st['crashes']:
            f.write('# %s: %s\n%s\n--\n' % (c['origin'], '; '.join(c['report']), '\n'.join(c['ops'])))
    if OURS:
        # Each input a kernel report came in, as a stream of its own.
        for i, c in enumerate(st['crashes']):
            with open(os.path.join(DIR, 'crash-%d.txt' % i), 'w') as f:
                f.write('# covfuzz %s: %s\n' % (c['origin'], '; '.join(c['report'])))
                f.write(''.join(op + '\n' for op in prologue() + c['ops']))
        say('==> %d inputs with a kernel report (%s/crashes.txt, crash-N.txt: make fuzz STREAM=...)'
            % (len(st['crashes']), os.path.relpath(DIR, os.path.dirname(BUILD))))
    minimize(st)
    return 0


# ---- the comparison ----------------------------------------------------------

def difference_class(line, a, b):
    """What sort of difference a differing block is: its operation kind
    and the first line where the two answers part, digits masked."""
    al, bl = a.split('\n'), b.split('\n')
    for x, y in zip(al + [''] * len(bl), bl + [''] * len(al)):
        if x != y:
            return '%s | stock: %s | ours: %s' % (line.split(' ', 1)[0], re.sub(r'\d+', 'N', x)[:120],
                                                   re.sub(r'\d+', 'N', y)[:120])
    return line.split(' ', 1)[0]


def compare_inputs(inputs, tag, seed, show):
    """INPUTS as one stream (DIR/TAG.txt) on stock (its kcov build, or the
    plain one with COVFUZZ_STOCK=plain) and on plain ours at once, with the
    transcript on; the transcripts (DIR/TAG.stock, .ours) compared as make
    fuzzdiff compares, into fuzzdiff.DIR/seed-SEED.diff. Returns the
    Tally, the differing blocks by class ({class: (input size, input
    index, op, op line, stock's, ours, input)}), the segments compared and
    the guest seconds of each boot."""
    stream = os.path.join(DIR, tag + '.txt')
    write_corpus(inputs, stream)
    flavour = {'stock': os.environ.get('COVFUZZ_STOCK') or 'kcov', 'ours': 'plain'}
    boot_tag = tag.replace('compare', 'cmp').replace('/', '-')
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(lambda k: boot(k, flavour[k], stream, '-q', boot_tag + '-' + k,
                                            120 + 3 * len(inputs), True),
                             fuzzdiff.KERNELS))
    paths, secs = [], []
    for kernel, (res, out, bootdir) in zip(fuzzdiff.KERNELS, runs):
        p = os.path.join(DIR, tag + '.' + kernel)
        with open(p, 'w') as f:
            f.write('\n'.join(out))
        paths.append(p)
        secs += [int(l.split()[1]) for l in res.split('\n') if l.startswith('GUESTSECS ')][:1] or [0]
        say('    %s: %s' % (kernel, '; '.join(l for l in res.split('\n') if l.startswith(('END', 'SPLAT')))))
    os.makedirs(fuzzdiff.DIR, exist_ok=True)
    tally = fuzzdiff.compare(seed, paths[0], paths[1], fuzzdiff.listed_differences(), show)
    # The differing blocks by class, each with the smallest input showing it.
    a, b = fuzzdiff.blocks(paths[0]), fuzzdiff.blocks(paths[1])
    bounds = sorted(op for op, (line, _) in a.items() if line == '--')
    ended = sum(1 for op in bounds if op in b)
    classes = {}
    for line in open(os.path.join(fuzzdiff.DIR, 'seed-%d.diff' % seed)):
        m = re.match(r'#(\d+) ', line)
        if not m or int(m.group(1)) not in a or int(m.group(1)) not in b:
            continue
        op = int(m.group(1))
        seg = sum(1 for x in bounds if x < op)
        key = difference_class(a[op][0], a[op][1], b[op][1])
        ops = inputs[seg]['ops'] if seg < len(inputs) else []
        if key not in classes or len(ops) < classes[key][0]:
            classes[key] = (len(ops), seg, op, a[op][0], a[op][1], b[op][1], ops)
    return tally, classes, ended, secs


def write_classes(classes, path):
    with open(path, 'w') as f:
        for key, (size, seg, op, line, ta, tb, ops) in sorted(classes.items()):
            f.write('== %s\ninput %s (%d operations), operation #%d: %s\n--- stock\n%s\n--- ours\n%s\n'
                    '--- the input\n%s\n\n' % (key, seg, size, op, line, ta, tb, '\n'.join(ops)))


def differ(tally):
    return tally.kinds.get('commands', {}).get('differ') or \
        tally.kinds.get('reads', {}).get('differ')


def compare():
    """The kept corpus, compared (compare_inputs)."""
    st = json.load(open(os.path.join(DIR, 'state.json')))
    fuzzdiff.DIR = os.path.join(DIR, 'compare')
    tally, classes, _, _ = compare_inputs(st['corpus'], 'compare', 0,
                                          int(os.environ.get('SHOW') or 10))
    write_classes(classes, os.path.join(DIR, 'classes.txt'))
    say('==> %d classes of differences not listed in differences.txt (build/covfuzz/classes.txt)'
        % len(classes))
    return 1 if differ(tally) else 0


def bulk():
    """Mutants of the kept corpus (Mutator, from COVFUZZ_SEED), batches of
    COVFUZZ_BATCH inputs, each batch compared (compare_inputs) until
    COVFUZZ_COMMANDS commands of the mutants (the prologue's not counted)
    were compared. Into DIR/bulk/: batch-N.txt, .stock, .ours, seed-N.diff,
    classes.txt (every class, the smallest input showing it), totals.txt."""
    corpus, origin = kept_inputs()
    want = int(os.environ.get('COVFUZZ_COMMANDS') or 100000)
    size = int(os.environ.get('COVFUZZ_BATCH') or 150)
    show = int(os.environ.get('SHOW') or 10)
    r = random.Random(int(os.environ.get('COVFUZZ_SEED') or 1))
    _, mut = mutator(r)
    fuzzdiff.DIR = os.path.join(DIR, 'bulk')
    os.makedirs(fuzzdiff.DIR, exist_ok=True)
    say('==> covfuzz bulk: mutants of the %d kept inputs of %s, %d a boot, until %d of their '
        'commands are compared' % (len(corpus), origin, size, want))
    total, classes, done, segs, n, guest, t0 = fuzzdiff.Tally(), {}, 0, 0, 0, [0, 0], time.time()
    pro = sum(1 for o in prologue() if o[:1] in fuzzdiff.COMMANDS)
    while done < want:
        n += 1
        inputs = []
        for i in range(size):
            a, b = r.choice(corpus), r.choice(corpus)
            inputs.append({'ops': mut.mutate(a['ops'], b['ops']), 'id': '%d.%d' % (n, i),
                           'origin': 'mut:%d+%d' % (a['id'], b['id'])})
        say('  batch %d: %d inputs' % (n, size))
        tally, cls, ended, secs = compare_inputs(inputs, 'bulk/batch-%d' % n, n, show)
        total.merge(tally)
        guest = [g + s for g, s in zip(guest, secs)]
        for key, c in cls.items():
            if key not in classes or c[0] < classes[key][0]:
                classes[key] = c[:1] + ('%d.%d' % (n, c[1]),) + c[2:]
        # The commands of the mutants compared: those of the segments
        # both kernels ended, without their prologues.
        done += sum(1 for b in inputs[:ended] for o in b['ops'] if o[:1] in fuzzdiff.COMMANDS)
        segs += ended
        if ended < size:
            say('    only %d of the %d inputs ended on both kernels' % (ended, size))
        lines = ['%d batches, %d inputs ended on both, %d commands of mutants compared (and %d of the prologues)'
                 % (n, segs, done, pro * segs),
                 total.line('commands'), total.line('reads'),
                 '%d classes of differences not listed; guest seconds: stock %d, ours %d; wall %.0f s'
                 % (len(classes), guest[0], guest[1], time.time() - t0)]
        with open(os.path.join(fuzzdiff.DIR, 'totals.txt'), 'w') as f:
            f.write('\n'.join(lines) + '\n')
        write_classes(classes, os.path.join(fuzzdiff.DIR, 'classes.txt'))
        say('    so far: ' + '; '.join(lines))
    return 1 if differ(total) else 0


# ---- coverage figures --------------------------------------------------------

def sites(obj):
    """The instrumented PCs of a kernel build: the return address of every
    call of __sanitizer_cov_trace_pc in vmlinux (counted, not read), with
    the section each is in; and how many tail jumps to it there are (such
    a site reports the return address of its function's caller, which is
    no call site: those PCs are left out of the shares)."""
    out, section, jumps = {}, '', 0
    p = subprocess.run(['objdump', '-d', '--no-show-raw-insn', os.path.join(obj, 'vmlinux')],
                       stdout=subprocess.PIPE, text=True, check=True)
    for line in p.stdout.split('\n'):
        if line.startswith('Disassembly of section '):
            section = line.split()[-1].rstrip(':')
            continue
        if not line.endswith(' <__sanitizer_cov_trace_pc>'):
            continue
        insn = line.split('\t')[1].split()[0] if '\t' in line else ''
        if insn == 'call':
            out[int(line.split(':')[0], 16) + 5] = section
        elif insn.startswith('j'):
            jumps += 1
    return out, jumps


def symbols_by_file(obj, files):
    """The sorted (address, name) of System.map's text symbols, and a
    function telling which of the objects FILES (nm) defines the symbol at
    an index of that list, or '?'. A name two of them define (a static
    function of each) goes to the one whose other functions surround it."""
    owner = {}
    for f in files:
        o = os.path.join(obj, 'kernel', 'trace', f)
        p = subprocess.run(['nm', '--defined-only', o], stdout=subprocess.PIPE, text=True)
        for line in p.stdout.split('\n'):
            parts = line.split()
            if len(parts) == 3 and parts[1] in 'tT':
                owner.setdefault(parts[2], set()).add(f)
    syms = []
    for line in open(os.path.join(obj, 'System.map')):
        a, t, n = line.split()
        if t in 'tT':
            syms.append((int(a, 16), n))
    syms.sort()
    span = {}
    for a, n in syms:
        if len(owner.get(n, ())) == 1:
            f = next(iter(owner[n]))
            lo, hi = span.get(f, (a, a))
            span[f] = (min(lo, a), max(hi, a))

    def file_at(i):
        a, n = syms[i]
        fs = owner.get(n, set())
        if len(fs) > 1:
            fs = {f for f in fs if f in span and span[f][0] <= a <= span[f][1]} or fs
        return sorted(fs)[0] if fs else '?'
    return syms, file_at


def read_pcs(path):
    return {int(x, 16) for x in open(path).read().split()} if os.path.exists(path) else set()


def measure():
    """fuzzdiff SEEDS COUNT: make fuzzdiff's streams of SEEDS, COUNT
    commands each, each run whole (with its own clean-up) in a boot of
    KERNEL's kcov build; corpus: the covfuzz corpus (build/covfuzz/
    corpus.txt) in one boot. The PCs reached go to build/covfuzz/
    cov-KERNEL-NAME.txt."""
    kernel = os.environ.get('KERNEL') or 'stock'
    name = sys.argv[2]
    os.makedirs(DIR, exist_ok=True)
    runs = []
    if name == 'fuzzdiff':
        count = int(sys.argv[4])
        for seed in gen.seeds(sys.argv[3]):
            stream = os.path.join(DIR, 'stream-%d.txt' % seed)
            with open(stream, 'w') as f:
                f.write(''.join(op + '\n' for op in gen.Gen(seed, count, for_diff=True).stream()))
            runs.append(('seed %d' % seed, stream, '-k ', 300 + count // 5))
    else:
        stream = os.path.join(DIR, 'corpus.txt')
        if not os.path.exists(stream):
            say('    no covfuzz corpus yet (make covfuzz)')
            return 0
        runs.append(('corpus', stream, '-q -k ', 120 + 3 * open(stream).read().count('\n--\n')))
    pcs = set()
    for what, stream, flags, timeout in runs:
        res, out, _ = boot(kernel, 'kcov', stream, flags + KCOV_SEEN, 'measure', timeout)
        covs = coverage_lines(out)
        pcs = pcs.union(*covs)
        ended = [l for l in res.split('\n') if l.startswith(('END', 'SPLAT'))]
        if not covs or 'END poweroff' not in ended:
            say('    %s on %s ended early (%d operations run): %s'
                % (what, kernel, last_op(out) + 1, '; '.join(ended)))
    with open(os.path.join(DIR, 'cov-%s-%s.txt' % (kernel, name)), 'w') as f:
        f.write(''.join('%x\n' % pc for pc in sorted(pcs)))
    say('    %s on %s: %d boots, %d PCs' % (name, kernel, len(runs), len(pcs)))
    return 0


def check_pcs(console_dir):
    """{suite: PCs} from the "@@C UNIT PC..." lines of a check's consoles."""
    out = {}
    for name in sorted(os.listdir(console_dir)):
        if not name.endswith('.log'):
            continue
        for line in open(os.path.join(console_dir, name), errors='replace'):
            i = line.find('@@C ')
            if i < 0:
                continue
            parts = line[i + 4:].split()
            unit = parts[0]
            suite = unit.split(':', 1)[0] if not unit.startswith('ftrace:') else \
                'ftrace:' + unit.split('/')[1]
            try:
                pcs = {int(x, 16) for x in parts[1:]}
            except ValueError:
                continue
            out.setdefault(suite, set()).update(pcs)
    return out


def figures():
    """The share of the instrumented PCs each source of inputs reached,
    in total and per object, on the kernel of OBJ (FIGURES_OBJ)."""
    obj = os.environ['FIGURES_OBJ']
    files = os.environ['FIGURES_FILES'].split()
    # A KUnit suite of ours runs while the kernel boots, before any test:
    # its object is instrumented but not counted.
    files = [f for f in files if not f.endswith('_kunit.o')]
    allsites, jumps = sites(obj)
    syms, file_at = symbols_by_file(obj, files)
    addrs = [a for a, _ in syms]

    def file_of(pc):
        i = bisect.bisect_right(addrs, pc) - 1
        return file_at(i) if i >= 0 else '?'

    per_file = {}
    for pc in allsites:
        per_file.setdefault(file_of(pc), set()).add(pc)
    allsites = {pc: s for pc, s in allsites.items() if file_of(pc) != '?'}
    per_file.pop('?', None)
    init = {pc for pc, s in allsites.items() if s.startswith('.init')}
    groups = []
    checkdir = os.environ.get('FIGURES_CHECK')
    if checkdir and os.path.isdir(checkdir):
        suites = check_pcs(checkdir)
        upstream = set()
        for s in ('ftrace:trigger', 'ftrace:dynevent', 'ftrace:kprobe'):
            upstream |= suites.get(s, set())
        groups.append(('(a) upstream ftrace suites (trigger, dynevent, kprobe)', upstream))
        groups.append(('(b) histdiff (make check)', suites.get('histdiff', set())))
        for s, label in (('module', '    the gen_test modules'),
                         ('fuzz', '    make check fuzz units (seeds.txt)'),
                         ('covfuzz', '    make check covfuzz/corpus'),
                         ('ftrace:ours', '    our ftracetest cases (ours/)')):
            if s in suites:
                groups.append((label, suites[s]))
    kernel = os.environ.get('KERNEL') or 'stock'
    fuzzdiff_pcs = read_pcs(os.path.join(DIR, 'cov-%s-fuzzdiff.txt' % kernel))
    groups.append(('(c) make fuzzdiff streams', fuzzdiff_pcs))
    st = os.path.join(DIR, 'state.json')
    if kernel == 'stock' and os.path.exists(st):
        groups.append(('(d) covfuzz corpus, end of its run', set(json.load(open(st))['seen'])))
        groups.append(('    its minimized corpus, replayed',
                       read_pcs(os.path.join(DIR, 'replay-seen.txt'))))
    groups.append(('    the covfuzz corpus, replayed now',
                   read_pcs(os.path.join(DIR, 'cov-%s-corpus.txt' % kernel))))
    if checkdir and os.path.isdir(checkdir):
        groups.append(('(a)+(b)+(c)', groups[0][1] | groups[1][1] | fuzzdiff_pcs))
    groups.append(('all of the above', set().union(*(g[1] for g in groups))))
    say('instrumented PCs (calls of __sanitizer_cov_trace_pc in vmlinux): %d, %d of them in .init.text;'
        ' and %d tail jumps to it, not counted' % (len(allsites), len(init), jumps))
    say('  per object: ' + ', '.join('%s %d' % (f, len(s)) for f, s in sorted(per_file.items())))
    groups = [g for g in groups if g[1]]
    cols = sorted(per_file)
    say('%-56s %13s  %s' % ('reached by', 'all', '  '.join('%-16s' % c[:-2] for c in cols)))
    for label, pcs in groups:
        pcs = pcs & set(allsites)
        say('%-56s %5d %6.1f%%  %s' % (label, len(pcs), 100.0 * len(pcs) / len(allsites),
                                       '  '.join('%5d %5.1f%%     ' % (len(pcs & per_file[c]),
                                                                       100.0 * len(pcs & per_file[c]) /
                                                                       len(per_file[c])) for c in cols)))
    stray = set().union(*(g[1] for g in groups)) - set(allsites) if groups else set()
    if stray:
        say('%d PCs reached are no call site (reported through a tail jump), not counted' % len(stray))
    if os.environ.get('KERNEL') == 'ours' and groups:
        # Our own code only: which of its functions the inputs leave
        # (partly) unreached, by what none of the sources reached.
        reached = set().union(*(g[1] for g in groups))
        per_fn = {}
        for pc in allsites:
            i = bisect.bisect_right(addrs, pc) - 1
            fn = '%s %s' % (file_of(pc)[:-2], syms[i][1])
            t = per_fn.setdefault(fn, [0, 0])
            t[0] += 1
            t[1] += pc in reached
        say('our functions with PCs no source reached (%d of %d functions reached in part or not at all):'
            % (sum(1 for t in per_fn.values() if t[1] < t[0]), len(per_fn)))
        for fn, (n, hit) in sorted(per_fn.items(), key=lambda x: (x[1][1] - x[1][0], x[0])):
            if hit < n:
                say('  %4d of %4d unreached  %s' % (n - hit, n, fn))
    return 0


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else ''
    fns = {'fuzz': fuzz, 'compare': compare, 'bulk': bulk, 'measure': measure, 'figures': figures}
    if cmd not in fns:
        sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
        return 2
    return fns[cmd]()


if __name__ == '__main__':
    sys.exit(main())
