#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""compose.py - composed scenarios for the hist trigger fuzzer (harness/fuzz/).

    compose.py SEED COUNT [--segments]   print a stream of COUNT scenarios
    compose.py --stats N [SEED]          the shapes of N scenarios, counted
    compose.py --check N [SEED]          determinism and well-formedness of
                                         N scenarios, and every shape seen

gen.py draws one command at a time; the shapes that need several triggers
on several events, in several instances, created and torn down in some
order, it reaches by luck at best. A scenario here is a short program of
such steps, in gen.py's stream format (fuzzexec runs it unchanged):

- one name= on two or three events (and instances) whose field of one
  name has different kinds there (sys_enter_openat's filename, a
  `const char *`, and sched_process_exec's, a __data_loc string;
  foo_bar's char[10] foo and foo_bar_with_cond's __data_loc one...), the
  same command on each, or a different one;
- variables defined on one event and read from triggers on others ($v,
  SYSTEM.EVENT.$v), field variables of an onmatch(SYSTEM.EVENT) action,
  the events of the module trace-events-sample among them, unloaded
  (`X`) and loaded again (`M`) in between;
- constant folding with references ($c1*$c2, 5+$a*$b, -($a), ...) beside
  a stack key or a string key;
- expressions with a stack or a string as an operand (common_stacktrace,
  a synthetic event's stack field, comm, string variables): to be refused;
- save() and the parameters of trace()/SYNTH() of every field kind (numbers
  of each size and sign, char[N], __data_loc, const char *, stacks,
  common_comm, variables of each kind) into synthetic fields of every kind
  (u8..u64, s8..s64, char[16], char[], unsigned long[]);
- what a hit does by kind: keys and values each of a kind drawn on its
  own (numbers of each size with their modifiers, strings of each form,
  stacks, the command's own variables, expressions, times, .min/.max/.avg),
  with or without an action or a reader elsewhere, over few or many
  distinct keys into a table small enough to fill, read in every format;
- teardown in every order: readers before or after their owners, `!hist`,
  truncated trigger files, the synthetic events deleted (`!name`, `!name
  fields`, `-:name`, a truncation), instances removed, the module unloaded.

Besides gen.py's operations a scenario uses three that fuzzexec has for it:
`M NAME` loads a module, `X NAME` unloads it (both commands, with an answer),
`x N` runs /bin/true N times (sched_process_fork/exec/exit traffic).

Each scenario starts from nothing but the prologue's user_events: with
--segments, COUNT scenarios are put as segments (the prologue, the
scenario, "--", after which fuzzexec cleans up); without, one after the
other. make covfuzz draws its inputs from Composer.scenario() (COVFUZZ_COMPOSE,
README.md); make fuzz FUZZ_GEN=compose runs stream() of a seed.
"""

import random
import re
import sys

import gen

MODULE = 'trace-events-sample'

# ---- real event formats (6.12) ------------------------------------------------
#
# A field: (name, kind). Numbers are kinds 'u8'..'s64' by size and sign as
# the format says it (syscall arguments are 8 bytes, unsigned but for
# __syscall_nr and sys_exit's ret); 'ptr' an address, 'pstr' a `const char *`
# (a pointer the filter code takes for a string), 'str' char[N], 'dstr'
# __data_loc char[], 'rstr' __rel_loc char[], 'arr' a __data_loc int[],
# 'mask' a bitmask or cpumask, 'buf0' ftrace/print's char[] buf.

NUMS = ['u8', 's8', 'u16', 's16', 'u32', 's32', 'u64', 's64']
STRS = ['str', 'dstr', 'pstr', 'rstr']

EVENTS = {
    'syscalls/sys_enter_openat': [('__syscall_nr', 's32'), ('dfd', 'u64'), ('filename', 'pstr'),
                                  ('flags', 'u64'), ('mode', 'u64')],
    'syscalls/sys_exit_openat': [('__syscall_nr', 's32'), ('ret', 's64')],
    'syscalls/sys_enter_write': [('__syscall_nr', 's32'), ('fd', 'u64'), ('buf', 'pstr'),
                                 ('count', 'u64')],
    'sched/sched_process_exec': [('filename', 'dstr'), ('pid', 's32'), ('old_pid', 's32')],
    'sched/sched_process_fork': [('parent_comm', 'str'), ('parent_pid', 's32'),
                                 ('child_comm', 'str'), ('child_pid', 's32')],
    'sched/sched_process_exit': [('comm', 'str'), ('pid', 's32'), ('prio', 's32')],
    'sched/sched_switch': [('prev_comm', 'str'), ('prev_pid', 's32'), ('prev_prio', 's32'),
                           ('prev_state', 's64'), ('next_comm', 'str'), ('next_pid', 's32'),
                           ('next_prio', 's32')],
    'sched/sched_waking': [('comm', 'str'), ('pid', 's32'), ('prio', 's32'),
                           ('target_cpu', 's32')],
    'ftrace/print': [('ip', 'ptr'), ('buf', 'buf0')],
    'sample-trace/foo_bar': [('foo', 'str'), ('bar', 's32'), ('list', 'arr'), ('str', 'dstr'),
                             ('cpus', 'mask'), ('cpum', 'mask'), ('vstr', 'dstr'),
                             ('lstr', 'dstr')],
    'sample-trace/foo_bar_with_cond': [('foo', 'dstr'), ('bar', 's32')],
    'sample-trace/foo_rel_loc': [('foo', 'rstr'), ('bar', 's32'), ('bitmask', 'mask'),
                                 ('cpumask', 'mask')],
}

# User events of the scenarios' own, on top of the prologue's: fields of
# one name and different kinds on each.
OWN_USER_EVENTS = [
    ('fzc_a', [('u8', 'x'), ('char[16]', 'y'), ('u64', 'z')]),
    ('fzc_b', [('__data_loc char[]', 'x'), ('s32', 'y'), ('char[8]', 'z')]),
    ('fzc_c', [('s64', 'x'), ('__data_loc char[]', 'y'), ('u16', 'z')]),
]


CTYPES = {'char': 's8', 'unsigned char': 'u8', 'short': 's16', 'unsigned short': 'u16',
          'int': 's32', 'unsigned int': 'u32'}


def ue_kind(ctype):
    if ctype.startswith('__data_loc'):
        return 'dstr'
    if 'char[' in ctype:
        return 'str'
    return CTYPES.get(ctype, ctype)


for _name, _fields in gen.USER_EVENTS + OWN_USER_EVENTS:
    EVENTS['user_events/' + _name] = [(f, ue_kind(t)) for t, f in _fields]

COMMON = [('common_pid', 's32'), ('common_flags', 'u8'), ('common_preempt_count', 'u8'),
          ('common_type', 'u16')]
# Special fields a command may name, with their kinds.
SPECIAL = [('common_timestamp', 'u64'), ('common_timestamp.usecs', 'u64'),
           ('common_cpu', 's32'), ('common_stacktrace', 'stack'), ('common_comm', 'str')]


def kind_of(event, field):
    for n, k in EVENTS.get(event, []) + COMMON + SPECIAL:
        if n == field:
            return k
    return None


# Pairs of events with a field of one name, and the kinds it has there.
def shared_fields():
    out = []
    names = sorted(EVENTS)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for f, ka in EVENTS[a]:
                kb = kind_of(b, f)
                if kb:
                    out.append((a, b, f, ka != kb))
    return out


SHARED = shared_fields()
DIFFERING = [s for s in SHARED if s[3]]
ALIKE = [s for s in SHARED if not s[3]]

# The pairs named histograms are drawn from first: a field of one name
# whose kind differs between the two events.
NAMED_PICKS = [
    ('syscalls/sys_enter_openat', 'sched/sched_process_exec', 'filename', True),
    ('sample-trace/foo_bar', 'sample-trace/foo_bar_with_cond', 'foo', True),
    ('sample-trace/foo_bar', 'sample-trace/foo_rel_loc', 'foo', True),
    ('sample-trace/foo_bar_with_cond', 'sample-trace/foo_rel_loc', 'foo', True),
    ('syscalls/sys_enter_write', 'ftrace/print', 'buf', True),
    ('user_events/fzc_a', 'user_events/fzc_b', 'x', True),
    ('user_events/fzc_b', 'user_events/fzc_c', 'y', True),
    ('user_events/fzc_a', 'user_events/fzc_c', 'z', True),
    ('sched/sched_process_exit', 'sched/sched_waking', 'prio', False),
]

# Synthetic field kinds: (the text of the field given a name, its kind).
SYNTH_KINDS = [
    ('u8 %s', 'u8'), ('u16 %s', 'u16'), ('u32 %s', 'u32'), ('u64 %s', 'u64'),
    ('s8 %s', 's8'), ('s16 %s', 's16'), ('s32 %s', 's32'), ('s64 %s', 's64'),
    ('pid_t %s', 's32'), ('bool %s', 'u8'), ('char %s[16]', 'str'), ('char %s[]', 'dstr'),
    ('unsigned long[] %s', 'stack'), ('unsigned long %s[]', 'stack'), ('long[] %s', 'stack'),
]

INSTANCES = ['instances/fzi/', 'instances/fzc/']

# Constant-folding expressions over references A and B (and literals).
FOLD = ['{a}*{b}', '5+{a}*{b}', '-({a})', '{a}-{b}', '({a}+3)*{b}', '{a}/{b}', '{a}*{b}+{a}',
        '-({a}*{b})+7', '{a}*0', '10/{b}', '{a}+{b}+{b}', '-({a})*-({b})', '{a}*{b}/{a}',
        '1+2*3', '-(4)', '{a}', '{a}.hex*{b}', '({a})', '{a}-{a}', '18446744073709551615*{a}']

# Expressions with a stack or a string operand. {s} is a stack or string
# operand (a field, a special field or a variable), {n} a number operand.
BAD = ['{s}*0+4096', '{s}+1', '{s}-{n}', '-({s})', '{n}+{s}', '{s}/2', '{s}*{s}', '({s})+0',
       '{s}.hex+1', '{n}*{s}+4096']


class Composer:
    """Scenarios of one seed. Each call of scenario() draws one, from
    nothing (the prologue's user_events only): its operations, and the
    tags of the shapes it was drawn to have."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0

    # -- helpers --------------------------------------------------------------
    def p(self, prob):
        return self.r.random() < prob

    def pick(self, seq):
        return self.r.choice(seq)

    def op(self, kind, *args):
        self.ops.append(' '.join((kind,) + args[:-1] + (gen.esc(args[-1]),)))

    def write(self, path, text, trunc=False):
        self.op('t' if trunc else 'a', path, text)

    def trig_path(self, prefix, event):
        return '%sevents/%s/trigger' % (prefix, event)

    def fresh(self, base):
        self.n += 1
        return '%s%d' % (base, self.n)

    def numeric(self, event):
        return [f for f, k in EVENTS[event] + COMMON if k in NUMS]

    def stringy(self, event):
        return [f for f, k in EVENTS[event] if k in STRS]

    def key_of(self, event, kinds=('num', 'str', 'stack')):
        c = self.pick(kinds)
        if c == 'stack':
            return 'common_stacktrace'
        if c == 'str' and self.stringy(event):
            return self.pick(self.stringy(event))
        return self.pick(self.numeric(event) or ['common_pid'])

    def prefix(self):
        """Where a trigger goes: mostly the top level, else an instance the
        scenario made (or, now and then, forgot to make)."""
        if self.p(0.7):
            return ''
        pfx = self.pick(INSTANCES)
        if pfx not in self.made and self.p(0.9):
            self.op('d', pfx.rstrip('/'))
            self.made.append(pfx)
            self.teardown.append(('inst', pfx.rstrip('/')))
        return pfx

    def event(self, want_module=None):
        """An event: one of the module's when asked (after loading it)."""
        names = sorted(EVENTS)
        if want_module or (want_module is None and self.p(0.2)):
            self.load_module()
            return self.pick([e for e in names if e.startswith('sample-trace/')])
        return self.pick([e for e in names if not e.startswith('sample-trace/')])

    def load_module(self):
        if not self.module:
            self.op('M', MODULE)
            self.module = True
            self.tags.add('module-load')
            if not any(t[0] == 'mod' for t in self.teardown):
                self.teardown.append(('mod', MODULE))

    def own_user_events(self):
        if not self.declared:
            for name, fields in OWN_USER_EVENTS:
                decl = '%s %s' % (name, ';'.join('%s %s' % f for f in fields))
                self.op('a', 'dynamic_events', 'u:' + decl)
                self.op('U', decl)
            self.declared = True

    def hist(self, prefix, event, text, role='plain'):
        """A hist command; remembered for the teardown, with its role
        ('owner' of variables, 'reader' of them, or 'plain')."""
        if event.startswith('user_events/fzc_'):
            self.own_user_events()
        if event.startswith('sample-trace/'):
            self.load_module()
        path = self.trig_path(prefix, event)
        self.write(path, text)
        self.teardown.append(('hist', path, text, role))
        return path

    # -- traffic ----------------------------------------------------------------
    def fire(self, event):
        """Operations that make EVENT happen (deterministic ones)."""
        if event.startswith('user_events/'):
            name = event.split('/')[1]
            fields = dict(gen.USER_EVENTS + OWN_USER_EVENTS)[name]
            g = gen.Gen(self.r.randrange(1 << 30), 0)
            for _ in range(self.pick([1, 2, 5])):
                self.op('e', name, g.emit_values(fields))
        elif event.startswith('syscalls/sys_enter_write'):
            self.op('w', str(self.pick([1, 3])))
        elif event.startswith('syscalls/'):
            self.op('R', 'events/%s/format' % event)
        elif event.startswith('sched/sched_process'):
            self.op('x', str(self.pick([1, 2])))
        elif event.startswith('sched/'):
            self.op('s', str(self.pick([1000, 3000])))
        elif event == 'ftrace/print':
            self.op('m', 'fzc %d' % self.r.randrange(100))
        elif event.startswith('sample-trace/') and self.p(0.3):
            # The module's thread fires foo_bar once a second.
            self.op('s', '1100000')

    def read(self, prefix, event):
        base = '%sevents/%s/' % (prefix, event)
        self.op(self.pick(['r', 'R']), base + self.pick(['trigger', 'hist', 'hist', 'hist_debug']))

    def traffic(self, events):
        for ev in events:
            if self.p(0.8):
                self.fire(ev)
        if self.p(0.6):
            pfx, ev = self.pick(self.written) if self.written else ('', events[0])
            self.read(pfx, ev)
        if self.p(0.2):
            self.op('r', self.pick(['synthetic_events', 'dynamic_events']))

    # -- synthetic events -------------------------------------------------------
    def synth(self, kinds=None, n=None):
        """A synthetic event of the scenario, with fields of KINDS (texts of
        SYNTH_KINDS) or drawn; defined in synthetic_events or as s: in
        dynamic_events. Returns (name, [(field, kind)])."""
        name = self.fresh('fzc_s')
        if kinds is None:
            kinds = [self.pick(SYNTH_KINDS) for _ in range(n or self.pick([1, 2, 3, 4, 6, 8]))]
        fields = []
        for i, (text, kind) in enumerate(kinds):
            fields.append((text % ('f%d' % i), 'f%d' % i, kind))
        line = name + ' ' + '; '.join(f[0] for f in fields)
        if self.p(0.25):
            self.write('dynamic_events', 's:' + self.pick(['', 'synthetic/']) + line)
        else:
            self.write('synthetic_events', line)
        self.synths[name] = fields
        self.teardown.append(('synth', name, line))
        return name, [(f[1], f[2]) for f in fields]

    # -- the shapes -------------------------------------------------------------
    def shape_named(self):
        """One name on two or three events (and instances), a field of one
        name of the same or of different kinds on each."""
        self.tags.add('named')
        c = self.r.random()
        a, b, field, differ = self.pick(NAMED_PICKS if c < 0.4 else DIFFERING if c < 0.85 else ALIKE)
        if self.p(0.1):
            # The review's form.
            a, b, field, differ = NAMED_PICKS[0]
        if differ:
            self.tags.add('named-kinds-differ')
        name = self.pick(['fzcn', 'fzcn', 'n']) + str(self.r.randrange(3))
        num = self.pick(['common_pid', 'common_pid', 'common_cpu'])
        forms = [
            'hist:name={N}:keys=common_pid:x={n}:onmax($x).save({F})',
            'hist:name={N}:keys={F}',
            'hist:name={N}:keys=common_pid:vals={F}',
            'hist:name={N}:keys={F}:v_{F}={F}',
            'hist:name={N}:keys=common_pid:x={n}:onchange($x).save({F},common_pid)',
            'hist:name={N}:keys={F}.hex:sort=hitcount',
            'hist:name={N}:keys=common_pid,{F}:vals=hitcount',
            'hist:name={N}:keys=common_pid:y={F}:onmax($y).save({F})',
        ]
        form = forms[0] if self.p(0.2) or field == 'filename' and self.p(0.5) else self.pick(forms)
        third = [e for e in EVENTS if kind_of(e, field) and e not in (a, b)]
        events = [a, b] + ([self.pick(third)] if third and self.p(0.3) else [])
        pfxs = []
        for i, ev in enumerate(events):
            pfx = self.prefix()
            if i and pfx != pfxs[0]:
                self.tags.add('named-across-instances')
            pfxs.append(pfx)
            f = form if i == 0 or self.p(0.8) else self.pick(forms)
            text = f.format(N=name, F=field, n=num)
            if self.p(0.15):
                text += ' if %s' % self.pick(['common_pid > 0', 'common_pid != 1'])
            self.hist(pfx, ev, text)
            self.written.append((pfx, ev))
            self.traffic([ev])
        self.traffic(events)

    def owner(self, event, prefix, extra=True):
        """Variables on EVENT: a timestamp, a number, a string and a stack
        now and then. Returns {name: kind}."""
        defs = {self.fresh('t'): 'ts'}
        parts = ['%s=%s' % (list(defs)[0], self.pick(['common_timestamp.usecs', 'common_timestamp']))]
        nums = self.numeric(event)
        if extra and nums and self.p(0.7):
            v = self.fresh('n')
            defs[v] = 'num'
            parts.append('%s=%s' % (v, self.pick(nums)))
        if extra and self.stringy(event) and self.p(0.5):
            v = self.fresh('s')
            defs[v] = 'str'
            parts.append('%s=%s' % (v, self.pick(self.stringy(event))))
        if extra and self.p(0.25):
            v = self.fresh('st')
            defs[v] = 'stack'
            parts.append('%s=common_stacktrace' % v)
        key = self.key_of(event, ('num', 'num', 'str', 'stack'))
        text = 'hist:keys=%s:%s' % (key, ','.join(parts))
        self.hist(prefix, event, text, 'owner')
        self.written.append((prefix, event))
        for v, k in defs.items():
            self.vars.append((prefix, event, v, k))
        return defs

    def ref(self, var_event, var, reader_event):
        """$VAR, or SYSTEM.EVENT.$VAR."""
        if self.p(0.35):
            self.tags.add('qualified-ref')
            return '%s.$%s' % (var_event.replace('/', '.'), var)
        return '$' + var

    def shape_crossref(self):
        """Variables on one event (a module's now and then), readers on
        others: references, field variables of an onmatch() action; the
        module unloaded and loaded again in between."""
        self.tags.add('cross-ref')
        a = self.event(want_module=self.p(0.35))
        pa = self.prefix()
        defs = self.owner(a, pa)
        ts = [v for v, k in defs.items() if k == 'ts'][0]
        readers = []
        for _ in range(self.pick([1, 1, 2, 3])):
            b = self.event(want_module=False if self.p(0.8) else None)
            if a.startswith('sample-trace/') and self.p(0.3):
                b = 'sched/sched_switch'        # the review's reader
            pb = pa if self.p(0.85) else self.prefix()
            if pb != pa:
                self.tags.add('ref-across-instances')
            lat = self.fresh('lat')
            parts = ['%s=common_timestamp%s-%s' % (lat, '.usecs' if self.p(0.5) else '',
                                                   self.ref(a, ts, b))]
            for v, k in defs.items():
                if k == 'num' and self.p(0.5):
                    parts.append('%s=%s+1' % (self.fresh('m'), self.ref(a, v, b)))
            text = 'hist:keys=%s:%s' % (self.key_of(b, ('num', 'num', 'str')), ','.join(parts))
            if self.p(0.75):
                # An action with field variables: fields of the owner (bare
                # or qualified), of the reader, and the variables.
                params, kinds = [('$' + lat, 'u64')], ['u64 %s']
                for _ in range(self.pick([1, 2, 3])):
                    c = self.r.random()
                    if c < 0.4:
                        f, k = self.pick(EVENTS[a])
                        params.append((self.pick([f, '%s.%s' % (a.replace('/', '.'), f)]), k))
                        self.tags.add('field-var')
                    elif c < 0.7:
                        f, k = self.pick(EVENTS[b] + COMMON)
                        params.append((f, k))
                    else:
                        v, k = self.pick(list(defs.items()))
                        params.append((self.ref(a, v, b), k))
                    kinds.append(self.synth_text_for(params[-1][1]))
                syn, _ = self.synth([(k, kind_of_text(k)) for k in kinds])
                act = self.pick(['trace(%s,%s)', '%s(%s)'])
                act = act % (syn, ','.join(p for p, _ in params))
                text += ':onmatch(%s).%s' % (a.replace('/', '.'), act)
                self.tags.add('onmatch')
            self.hist(pb, b, text, 'reader')
            self.written.append((pb, b))
            readers.append(b)
            if a.startswith('sample-trace/') and not b.startswith('sample-trace/'):
                self.tags.add('module-owner-other-reader')
        self.traffic([a] + readers)
        if a.startswith('sample-trace/') and self.p(0.6):
            # Unloaded under its readers, or after them, and loaded again.
            if self.p(0.5):
                self.op('X', MODULE)
                self.module = False
                self.tags.add('rmmod-under-reader')
                self.traffic(readers)
            if self.p(0.5):
                self.load_module()
                self.traffic([a] + readers)

    def synth_text_for(self, kind):
        """The synthetic field text (with %s for its name) for a value of
        KIND, or another kind now and then."""
        if self.p(0.25):
            return self.pick(SYNTH_KINDS)[0]
        table = {'str': 'char %s[16]', 'dstr': 'char %s[]', 'pstr': 'char %s[]',
                 'rstr': 'char %s[]', 'stack': 'unsigned long[] %s', 'ts': 'u64 %s',
                 'num': 's64 %s', 'arr': 'unsigned long[] %s', 'mask': 'unsigned long[] %s',
                 'ptr': 'unsigned long %s', 'buf0': 'char %s[]', 'comm': 'char %s[16]'}
        if kind in NUMS:
            return '%s %%s' % kind
        return table.get(kind, 'u64 %s')

    def shape_fold(self):
        """Constants in variables, folded through references, beside a
        stack or a string key: on the same trigger, another trigger of the
        event, or another event."""
        self.tags.add('fold')
        ev = self.event()
        pfx = self.prefix()
        if self.p(0.15):
            # The review's form: constants beside a stack key, folded by
            # another trigger of the event.
            ev = self.pick(['sched/sched_switch', ev])
            c1, c2, x = self.fresh('c'), self.fresh('c'), self.fresh('x')
            self.hist(pfx, ev, 'hist:keys=common_stacktrace:%s=1,%s=2' % (c1, c2), 'owner')
            self.hist(pfx, ev, 'hist:keys=common_stacktrace:%s=$%s*$%s' % (x, c1, c2), 'reader')
            self.tags.update(['fold-refs', 'fold-stack-key'])
            self.written.append((pfx, ev))
            self.traffic([ev])
            return
        k = self.pick(['stack', 'stack', 'str', 'num'])
        key = self.key_of(ev, (k,))
        if key == 'common_stacktrace':
            self.tags.add('fold-stack-key')
        elif kind_of(ev, key) in STRS:
            self.tags.add('fold-string-key')
        c1, c2 = self.fresh('c'), self.fresh('c')
        consts = '%s=%s,%s=%s' % (c1, self.pick(['1', '2', '0', '7', '-1', '0x10', '4096']),
                                  c2, self.pick(['2', '3', '0', '1', '18446744073709551615']))
        x = self.fresh('x')
        expr = self.pick(FOLD)
        where = self.r.random()
        if where < 0.3:
            # One trigger defines and folds.
            e = expr.format(a='$' + c1, b='$' + c2)
            self.hist(pfx, ev, 'hist:keys=%s:%s,%s=%s' % (key, consts, x, e), 'plain')
        else:
            oev = ev if where < 0.7 else self.event()
            opfx = pfx if oev == ev else self.prefix()
            okey = key if oev == ev else self.key_of(oev, ('stack', 'str', 'num'))
            self.hist(opfx, oev, 'hist:keys=%s:%s' % (okey, consts), 'owner')
            self.written.append((opfx, oev))
            e = expr.format(a=self.ref(oev, c1, ev), b=self.ref(oev, c2, ev))
            text = 'hist:keys=%s:%s=%s' % (key, x, e)
            if self.p(0.3):
                text += ':vals=$%s' % x
            if self.p(0.3):
                text += ':%s($%s).save(%s)' % (self.pick(['onmax', 'onchange']), x,
                                               self.pick([f for f, _ in EVENTS[ev]] or ['common_pid']))
            self.hist(pfx, ev, text, 'reader')
        if '$' in expr or '{' in expr:
            self.tags.add('fold-refs')
        self.written.append((pfx, ev))
        self.traffic([ev])

    def shape_bad_operand(self):
        """Expressions with a stack or a string as an operand, passed on to
        a synthetic event's field (a stack one above all), or saved."""
        self.tags.add('bad-operand')
        ev = self.event()
        pfx = self.prefix()
        if self.p(0.15):
            # The review's form: a stack expression into a stack field.
            ev = self.pick(['sched/sched_switch', ev])
            syn, _ = self.synth([(self.pick(['unsigned long %s[]', 'unsigned long[] %s']), 'stack')])
            x = self.fresh('x')
            self.hist(pfx, ev, 'hist:keys=common_pid:%s=common_stacktrace*0+4096:onchange($%s).%s($%s)'
                      % (x, x, syn, x))
            self.tags.update(['bad-stack', 'bad-into-synth-stack'])
            self.written.append((pfx, ev))
            self.traffic([ev])
            return
        c = self.r.random()
        pre = []
        if c < 0.35:
            s = 'common_stacktrace'
            self.tags.add('bad-stack')
        elif c < 0.6 and self.stringy(ev):
            s = self.pick(self.stringy(ev) + ['common_comm'])
            self.tags.add('bad-string')
        elif c < 0.85:
            v = self.fresh('sv')
            src = self.pick(['common_stacktrace'] + self.stringy(ev) + ['common_comm'])
            pre.append('%s=%s' % (v, src))
            s = '$' + v
            self.tags.add('bad-stack-var' if src == 'common_stacktrace' else 'bad-string-var')
        else:
            # A synthetic event's stack field as an operand.
            syn, _ = self.synth([('u64 %s', 'u64'), ('unsigned long[] %s', 'stack')])
            ev = 'synthetic/' + syn
            s = 'f1'
            self.tags.add('bad-synth-stack-field')
        n = self.pick(['1', '4096', 'common_pid', 'common_timestamp'])
        x = self.fresh('x')
        expr = self.pick(BAD).format(s=s, n=n)
        text = 'hist:keys=%s:%s' % (self.key_of(ev) if not ev.startswith('synthetic/') else 'common_pid',
                                    ','.join(pre + ['%s=%s' % (x, expr)]))
        if self.p(0.7):
            kind = self.pick(['unsigned long[] %s', 'unsigned long %s[]', 'u64 %s', 'char %s[]',
                              'char %s[16]', 's32 %s'])
            syn, _ = self.synth([(kind, kind_of_text(kind))])
            if 'long' in kind and '[' in kind:
                self.tags.add('bad-into-synth-stack')
            act = self.pick(['%s($%s)' % (syn, x), 'trace(%s,$%s)' % (syn, x)])
            text += ':%s($%s).%s' % (self.pick(['onchange', 'onchange', 'onmax']), x, act)
        elif self.p(0.5):
            text += ':onmax($%s).save(%s)' % (x, self.pick([f for f, _ in EVENTS.get(ev, [])]
                                                          or ['common_pid']))
        self.hist(pfx, ev, text)
        self.written.append((pfx, ev))
        self.traffic([ev] if not ev.startswith('synthetic/') else ['sched/sched_switch'])

    def param_sources(self, event, defs, owner_event):
        """What an action may pass from EVENT: (text, kind) of its fields,
        the special ones, variables of each kind, the owner's fields."""
        out = [(f, k) for f, k in EVENTS[event] + COMMON]
        out += [('common_stacktrace', 'stack'), ('common_comm', 'comm'),
                ('common_timestamp', 'ts'), ('common_cpu', 's32')]
        out += [('$' + v, 'var-' + k) for v, k in defs.items()]
        if owner_event:
            out += [('%s.%s' % (owner_event.replace('/', '.'), f), k) for f, k in EVENTS[owner_event]]
        return out

    def shape_params(self):
        """save() and action parameters of every field kind into synthetic
        fields of every kind."""
        self.tags.add('params')
        ev = self.pick(['user_events/fz_ints', 'user_events/fz_strs', 'user_events/fzc_a',
                        'user_events/fzc_b', 'sched/sched_process_exec',
                        'syscalls/sys_enter_openat', 'sched/sched_switch',
                        'sample-trace/foo_bar', 'sample-trace/foo_bar_with_cond',
                        'user_events/fz_start'])
        pfx = self.prefix()
        handler = self.pick(['onmatch', 'onmatch', 'onmax', 'onchange'])
        owner_ev, defs = None, {}
        if handler == 'onmatch':
            owner_ev = self.pick([e for e in EVENTS if e != ev and not e.startswith('sample-trace/')])
            odefs = self.owner(owner_ev, pfx)
            ts = [v for v, k in odefs.items() if k == 'ts'][0]
            lat = self.fresh('lat')
            defs[lat] = 'ts'
            head = '%s=common_timestamp-%s' % (lat, self.ref(owner_ev, ts, ev))
            for v, k in odefs.items():
                if k != 'ts' and self.p(0.5):
                    defs[v] = k            # read through the reference
            hdl = 'onmatch(%s)' % owner_ev.replace('/', '.')
        else:
            x = self.fresh('x')
            defs[x] = 'num'
            head = '%s=%s' % (x, self.pick(self.numeric(ev)))
            hdl = '%s($%s)' % (handler, x)
        # Variables of this trigger of each kind.
        if self.stringy(ev) and self.p(0.5):
            v = self.fresh('s')
            defs[v] = 'str'
            head += ',%s=%s' % (v, self.pick(self.stringy(ev)))
        if self.p(0.3):
            v = self.fresh('st')
            defs[v] = 'stack'
            head += ',%s=common_stacktrace' % v
        if self.p(0.3):
            v = self.fresh('cm')
            defs[v] = 'str'
            head += ',%s=common_comm' % v
        srcs = self.param_sources(ev, {k: v for k, v in defs.items()},
                                  owner_ev if handler == 'onmatch' and self.p(0.5) else None)
        key = self.key_of(ev, ('num', 'num', 'str', 'stack'))
        if handler != 'onmatch' and self.p(0.35):
            # save() of fields of every kind.
            fields = [f for f, _ in EVENTS[ev] + COMMON] + ['common_comm', 'common_stacktrace']
            saved = [self.pick(fields) for _ in range(self.pick([1, 2, 3, 4]))]
            text = 'hist:keys=%s:%s:%s.save(%s)' % (key, head, hdl, ','.join(saved))
            self.tags.add('save')
            for f in saved:
                self.tags.add('save:%s' % ('comm' if f == 'common_comm' else kind_of(ev, f)))
        else:
            n = self.pick([1, 2, 3, 4, 6, 8])
            chosen = [self.pick(srcs) for _ in range(n)]
            kinds = [self.synth_text_for(k[4:] if k.startswith('var-') else k) if self.p(0.6)
                     else self.pick(SYNTH_KINDS)[0] for _, k in chosen]
            syn, sf = self.synth([(k, kind_of_text(k)) for k in kinds])
            params = [t for t, _ in chosen]
            if self.p(0.08):
                params = params[:-1] if self.p(0.5) else params + ['common_pid']
            act = self.pick(['trace(%s,%s)' % (syn, ','.join(params)),
                             '%s(%s)' % (syn, ','.join(params))])
            text = 'hist:keys=%s:%s:%s.%s' % (key, head, hdl, act)
            for (t, k), (_, fk) in zip(chosen, sf):
                self.tags.add('param:%s->%s' % (k, fk))
        self.hist(pfx, ev, text, 'reader' if owner_ev else 'plain')
        self.written.append((pfx, ev))
        if self.p(0.4) and self.synths:
            # The synthetic event's own histogram, on its fields.
            syn = self.pick(sorted(self.synths))
            f = self.synths[syn][0][1]
            self.hist(pfx, 'synthetic/' + syn, 'hist:keys=%s' % f)
            self.op('a', 'events/synthetic/%s/enable' % syn, '1')
        self.traffic([e for e in (owner_ev, ev) if e])

    # -- what a hit does, by kind -------------------------------------------------
    def hit_nums(self, ev):
        """The numbers of EVENT's own record, now and then its common ones."""
        own = [f for f, k in EVENTS[ev] if k in NUMS]
        return own if own and self.p(0.8) else self.numeric(ev)

    def hit_key(self, ev, text_vars):
        """A key of EVENT of a kind drawn on its own, with a modifier that
        kind takes (or now and then one it does not)."""
        c = self.r.random()
        nums, strs = self.hit_nums(ev), self.stringy(ev)
        if c < 0.4 and nums:
            mod = self.pick(['', '', '.hex', '.log2', '.buckets=%d' % self.pick([1, 10, 100, 4096]),
                             '.sym', '.sym-offset', '.execname', '.syscall'])
            return self.pick(nums) + mod
        if c < 0.6 and strs:
            return self.pick(strs) + self.pick(['', '', '.hex'])
        if c < 0.75:
            return self.pick(['common_stacktrace', 'common_comm', 'common_cpu',
                              'common_pid.execname', 'common_timestamp.usecs.log2'])
        if c < 0.85 and nums:
            # The key a variable of the same command stands for.
            v = self.fresh('k')
            text_vars.append('%s=%s' % (v, self.pick(nums + strs)))
            return '$' + v
        return 'common_pid'

    def hit_value(self, ev, text_vars):
        """A value of EVENT: a number of the record with a modifier of
        values, an expression, a time, or a variable of the command."""
        nums = self.hit_nums(ev) or ['common_pid']
        c = self.r.random()
        if c < 0.45:
            return self.pick(nums) + self.pick(['', '', '.hex', '.percent', '.graph', '.min', '.max',
                                                '.avg', '.log2'])
        if c < 0.65:
            return '%s%s%s' % (self.pick(nums), self.pick('-+*/'),
                               self.pick(nums + ['3', '1000', '18446744073709551615']))
        if c < 0.75:
            return self.pick(['common_timestamp', 'common_timestamp.usecs', 'common_cpu'])
        v = self.fresh('w')
        text_vars.append('%s=%s' % (v, self.pick(nums + ['common_timestamp', '%s-%s' % (
            self.pick(nums), self.pick(nums))])))
        return '$' + v

    def emit_spread(self, event, n, distinct):
        """N events of the user_event EVENT whose numbers take about
        DISTINCT values (and the ends of their ranges), strings as many."""
        name = event.split('/')[1]
        fields = dict(gen.USER_EVENTS + OWN_USER_EVENTS)[name]
        for _ in range(n):
            vals = []
            for ctype, _ in fields:
                if ue_kind(ctype) in STRS:
                    vals.append(self.pick(['k%d' % self.r.randrange(distinct), 'fz', '',
                                           'a-much-longer-string-than-sixteen']))
                elif self.p(0.1):
                    vals.append(self.pick(['-1', '0', '-9223372036854775808', '18446744073709551615']))
                else:
                    vals.append(str(self.r.randrange(distinct)))
            self.op('e', name, ','.join(vals))

    def shape_hit_kinds(self):
        """One trigger whose keys and values are each of a kind drawn on
        its own (numbers of every size with their modifiers, strings of
        each form, stacks, the command's variables, expressions, times),
        sometimes with an action or a reader of its variables on another
        event; then many events over few or many distinct keys, into a
        table small enough to fill, and the table read in each format."""
        self.tags.add('hit-kinds')
        ev = self.pick(['user_events/fz_ints', 'user_events/fz_strs', 'user_events/fz_ctypes',
                        'user_events/fz_start', 'user_events/fzc_a', 'user_events/fzc_b',
                        'user_events/fzc_c', 'sched/sched_switch', 'syscalls/sys_enter_write'])
        pfx = self.prefix()
        text_vars = []
        keys = [self.hit_key(ev, text_vars) for _ in range(self.pick([1, 1, 2, 2, 3]))]
        vals = [self.hit_value(ev, text_vars) for _ in range(self.pick([0, 1, 1, 2, 3]))]
        text = 'hist:keys=' + ','.join(keys)
        if text_vars:
            text += ':' + ','.join(text_vars)
        if vals:
            text += ':vals=' + ','.join(vals)
            if self.p(0.2):
                text += ':nohitcount'
        if self.p(0.5):
            text += ':sort=%s%s' % (self.pick(['hitcount'] + keys + vals).split('.')[0],
                                    self.pick(['', '.descending', '.ascending']))
        if self.p(0.5):
            text += ':size=%d' % self.pick([1, 2, 8, 16, 128])
        own = [t.split('=')[0] for t in text_vars]
        if own and self.p(0.4):
            fields = [f for f, _ in EVENTS[ev] + COMMON] + ['common_comm', 'common_stacktrace']
            text += ':%s($%s).%s' % (self.pick(['onmax', 'onchange']), self.pick(own),
                                     self.pick(['save(%s)' % ','.join(self.pick(fields)
                                                                     for _ in range(self.pick([1, 2]))),
                                                'snapshot()']))
            self.tags.add('hit-action')
        self.hist(pfx, ev, text, 'owner' if own else 'plain')
        self.written.append((pfx, ev))
        fired = [ev]
        if own and self.p(0.35):
            # A reader of a variable on another event.
            b = self.pick(['user_events/fz_end', 'sched/sched_switch', 'user_events/fz_ints'])
            t = 'hist:keys=%s:r=%s+1:vals=$r' % (self.hit_key(b, []), self.ref(ev, self.pick(own), b))
            self.hist(pfx, b, t, 'reader')
            self.written.append((pfx, b))
            fired.append(b)
            self.tags.add('hit-reader')
        distinct = self.pick([2, 16, 300])
        for e in fired:
            if e.startswith('user_events/'):
                self.emit_spread(e, self.pick([5, 20, 60]), distinct)
            else:
                self.fire(e)
        base = '%sevents/%s/' % (pfx, ev)
        for f in self.r.sample(['hist', 'hist_json', 'hist_debug', 'hist_interval'], 2):
            self.op('R', base + f)

    # -- teardown ---------------------------------------------------------------
    def remove(self, item):
        what = item[0]
        if what == 'hist':
            _, path, text, role = item
            c = self.r.random()
            if c < 0.65:
                self.write(path, '!' + text)
                self.tags.add('td-!hist')
            elif c < 0.85:
                self.write(path, '', trunc=True)
                self.tags.add('td-trunc-trigger')
            else:
                self.write(path, text.split(' if ')[0] + ':' + self.pick(['clear', 'pause']))
                self.write(path, '!' + text)
                self.tags.add('td-!hist')
        elif what == 'synth':
            _, name, line = item
            self.op('a', 'events/synthetic/%s/enable' % name, '0')
            c = self.r.random()
            if c < 0.3:
                self.write('synthetic_events', '!' + name)
                self.tags.add('td-synth-!name')
            elif c < 0.5:
                self.write('synthetic_events', '!' + line)
                self.tags.add('td-synth-!line')
            elif c < 0.85:
                self.write('dynamic_events', '-:' + self.pick(['', 'synthetic/']) + name)
                self.tags.add('td-dyn--:name')
            else:
                self.write(self.pick(['synthetic_events', 'dynamic_events']), '', trunc=True)
                self.tags.add('td-trunc-synth')
        elif what == 'inst':
            self.op('D', item[1])
            self.tags.add('td-rmdir')
        elif what == 'mod':
            if self.module:
                self.op('X', MODULE)
                self.module = False
                self.tags.add('td-rmmod')

    def tear_down(self):
        """Everything the scenario made, removed in some order: as made,
        reversed (readers first), or shuffled; now and then something left
        for the clean-up, a removal done twice, traffic in between."""
        items = self.teardown
        c = self.r.random()
        if c < 0.3:
            order = list(reversed(items))
        elif c < 0.5:
            order = list(items)
        else:
            order = items[:]
            self.r.shuffle(order)
        removed = set()
        for item in order:
            if self.p(0.08):
                continue
            if item[0] == 'hist':
                if item[3] == 'owner' and any(o[0] == 'hist' and o[3] == 'reader' and
                                              id(o) not in removed for o in items):
                    self.tags.add('td-owner-before-reader')
                if item[3] == 'reader' and any(o[0] == 'hist' and o[3] == 'owner' and
                                               id(o) not in removed for o in items):
                    self.tags.add('td-reader-before-owner')
            if item[0] == 'mod' and any(o[0] == 'hist' and id(o) not in removed for o in items):
                self.tags.add('td-rmmod-before-triggers')
            if item[0] == 'synth' and any(o[0] == 'hist' and id(o) not in removed for o in items):
                self.tags.add('td-synth-before-triggers')
            self.remove(item)
            removed.add(id(item))
            if self.p(0.15):
                self.remove(item)
            if self.p(0.3) and self.written:
                pfx, ev = self.pick(self.written)
                self.fire(ev)
                self.read(pfx, ev)

    # -- a scenario -------------------------------------------------------------
    def scenario(self):
        """One scenario: (operations, tags)."""
        self.ops, self.tags = [], set()
        self.teardown, self.made, self.written, self.vars = [], [], [], []
        self.synths = {}
        self.module = False
        self.declared = False
        shapes = [self.shape_named, self.shape_crossref, self.shape_fold,
                  self.shape_bad_operand, self.shape_params, self.shape_hit_kinds]
        for _ in range(self.pick([1, 2, 2, 3, 4])):
            self.pick(shapes)()
        if self.p(0.25):
            # Half torn down, then more built on what is left.
            k = len(self.teardown) // 2
            rest, self.teardown = self.teardown[k:], self.teardown[:k]
            self.tear_down()
            self.teardown = rest
            self.pick(shapes)()
        self.tear_down()
        return self.ops, self.tags


def kind_of_text(text):
    for t, k in SYNTH_KINDS:
        if t == text:
            return k
    return 'u64'


# ---- streams --------------------------------------------------------------------

def prologue():
    g = gen.Gen(0, 0)
    g.prologue()
    return g.ops


def stream(seed, count, segments=False):
    """COUNT scenarios of SEED after the prologue; with SEGMENTS, each one
    a segment of its own (fuzzexec cleans up at each "--")."""
    c = Composer(seed)
    ops = prologue()
    for i in range(count):
        if segments and i:
            ops += ['--'] + prologue()
        ops += c.scenario()[0]
    return ops


# ---- checks ----------------------------------------------------------------------

OP_RE = re.compile(r'^(?:[at] \S+ .*|[at] \S+|[dD] \S+|[rR] \S+|U \S+ .+|e \S+ ?.*|m .*|'
                   r'[wsx] \d+|[MX] [\w-]+|--)$')


def well_formed(ops):
    """The problems of OPS as a stream: unknown operations, raw control
    characters, texts that do not come back from gen.unesc(), emits of
    undeclared user_events, paths outside tracefs."""
    bad, declared = [], set()
    for i, op in enumerate(ops):
        if not OP_RE.match(op) or any(ord(ch) < 0x20 or ord(ch) >= 0x7f for ch in op):
            bad.append('%d: malformed: %r' % (i, op))
            continue
        kind = op[0]
        if kind == 'U':
            declared.add(op.split()[1])
        elif kind == 'e' and op.split()[1] not in declared:
            bad.append('%d: emit of an undeclared event: %s' % (i, op))
        elif kind in 'atdDrR':
            path = op.split(' ')[1]
            if path.startswith('/') or '..' in path:
                bad.append('%d: path outside tracefs: %s' % (i, op))
            if kind in 'at':
                text = op.split(' ', 2)[2] if op.count(' ') >= 2 else ''
                if gen.esc(gen.unesc(text)) != text:
                    bad.append('%d: escaping does not round-trip: %s' % (i, op))
    return bad


def classify(ops):
    """The shapes found in OPS by reading the operations (not the tags the
    generator meant): a set of names."""
    found = set()
    names = {}
    defined = {}            # variable -> (prefix, event)
    synth_fields = {}
    module_vars = {}         # variable -> the module's event defining it
    hist_cmds = []
    live = []               # (path, text) of the hist commands not removed
    for op in ops:
        kind = op[0]
        if kind in 'at':
            parts = op.split(' ', 2)
            path, text = parts[1], gen.unesc(parts[2]) if len(parts) > 2 else ''
            if kind == 't':
                live = [x for x in live if x[0] != path]
            elif text.startswith('!'):
                live = [x for x in live if not (x[0] == path and x[1] == text[1:])]
            elif text.startswith('hist'):
                live.append((path, text))
            if path in ('synthetic_events', 'dynamic_events') and text and text[0] not in '!-':
                body = text[2:] if text.startswith('s:') else text
                body = body.split('/', 1)[-1] if body.startswith('synthetic/') else body
                nm, _, fl = body.partition(' ')
                synth_fields[nm] = fl
            m = re.match(r'(?:(instances/\w+)/)?events/([\w-]+/[\w-]+)/trigger$', path)
            if not m:
                continue
            pfx, ev = m.group(1) or '', m.group(2)
            if text.startswith('!'):
                continue
            if not text.startswith('hist'):
                continue
            hist_cmds.append((pfx, ev, text))
            nm = re.search(r':name=(\w+)', text)
            if nm:
                for (p2, e2, t2) in names.get(nm.group(1), []):
                    if e2 != ev:
                        found.add('named-two-events')
                        if p2 != pfx:
                            found.add('named-across-instances')
                        ids = set(re.findall(r'[a-z_]\w*', text)) & set(re.findall(r'[a-z_]\w*', t2))
                        if any(kind_of(ev, f) and kind_of(e2, f) and kind_of(ev, f) != kind_of(e2, f)
                               for f in ids):
                            found.add('named-kinds-differ')
                names.setdefault(nm.group(1), []).append((pfx, ev, text))
            for v, e in re.findall(r'[:,](\w+)=([^:,]+)', text):
                if v in ('keys', 'key', 'vals', 'values', 'sort', 'size', 'name', 'clock'):
                    continue
                if '$' not in e:
                    defined.setdefault(v, (pfx, ev))
                    if ev.startswith('sample-trace/'):
                        module_vars[v] = ev
                if re.search(r'\$\w+', e) and re.fullmatch(r'[-+*/() 0-9a-fx$\w.]*', e) and \
                        all(not re.match(r'[a-z_]', t) or t.startswith('$') or
                            re.fullmatch(r'(?:0x[0-9a-f]+|\d+|hex)', t)
                            for t in re.findall(r'\$?[\w.]+', e.replace('.hex', ''))):
                    found.add('fold-refs')
                    key = re.search(r'keys?=([^:]+)', text)
                    if key and 'common_stacktrace' in key.group(1):
                        found.add('fold-stack-key')
                    if key and any(kind_of(ev, k.split('.')[0]) in STRS for k in key.group(1).split(',')):
                        found.add('fold-string-key')
                if re.search(r'[-+*/]', e.replace('common_timestamp.usecs', 'ts')):
                    toks = re.findall(r'\$?\w+', e)
                    if any(t == 'common_stacktrace' for t in toks):
                        found.add('bad-stack')
                    if any(kind_of(ev, t) in STRS or t == 'common_comm' for t in toks):
                        found.add('bad-string')
                    if any(t.startswith('$') and re.search(r'[:,]%s=(common_stacktrace|common_comm)\b'
                                                           % re.escape(t[1:]), text) for t in toks):
                        found.add('bad-stack-or-string-var')
                    if ev.startswith('synthetic/') and any(
                            re.search(r'long(\[\] %s\b|\s+%s\[\])' % (t, t),
                                      synth_fields.get(ev.split('/')[1], ''))
                            for t in toks if not t.startswith('$')):
                        found.add('bad-synth-stack-field')
            for v in re.findall(r'\$(\w+)', text):
                if v in defined and defined[v][1] != ev:
                    found.add('cross-event-ref')
            if re.search(r'[a-z_]+\.[a-z_]+\.\$\w+', text):
                found.add('qualified-ref')
            act = re.search(r'on(match|max|change)\(([^)]*)\)\.(\w+)\(([^)]*)\)', text)
            if act:
                handler, arg, fn, params = act.groups()
                syn = params.split(',')[0] if fn == 'trace' else fn
                sf = synth_fields.get(syn, '')
                ps = params.split(',')[1:] if fn == 'trace' else params.split(',')
                if fn == 'save':
                    found.add('save')
                if handler == 'match' and any(re.fullmatch(r'[\w-]+\.[\w-]+\.\w+', p) or
                                              (re.fullmatch(r'[a-z_]\w*', p) and
                                               kind_of(arg.replace('.', '/', 1), p) and
                                               not kind_of(ev, p)) for p in ps):
                    found.add('field-var')
                if sf and re.search(r'long(\[\] \w+|\s+\w+\[\])', sf) and handler != 'match' and \
                        any(re.search(r'common_stacktrace\W*[-+*/]|[-+*/]\W*common_stacktrace', x)
                            for x in re.findall(r'[:,]\w+=([^:,]+)', text)):
                    found.add('bad-into-synth-stack')
                if fn not in ('save', 'snapshot') and sf:
                    found.add('synth-params')
            for v in re.findall(r'\$(\w+)', text):
                if v in module_vars and not ev.startswith('sample-trace/'):
                    found.add('module-var-read-elsewhere')
        elif kind == 'X':
            found.add('rmmod')
            for path, text in live:
                ev = re.sub(r'^(?:instances/\w+/)?events/|/trigger$', '', path)
                read = [module_vars[v] for v in re.findall(r'\$(\w+)', text) if v in module_vars]
                if read and not ev.startswith('sample-trace/'):
                    found.add('rmmod-under-live-reader')
                    if ev == 'sched/sched_switch' and 'sample-trace/foo_bar' in read:
                        found.add('rmmod-under-sched_switch-reader-of-foo_bar')
            if any(re.search(r'\$(\w+)', t) and any(v in module_vars for v in re.findall(r'\$(\w+)', t))
                   and not e.startswith('sample-trace/') for _, e, t in hist_cmds):
                found.add('rmmod-after-module-var-read')
        elif kind == 'M':
            found.add('modprobe')
        elif kind == 'D':
            found.add('rmdir')
            live = [x for x in live if not x[0].startswith(op[2:] + '/')]
    return found


def crashers(ops):
    """Which of the three crashers of review (and the module unload) OPS
    has, in the form given (the texts as the review wrote them, names and
    numbers aside)."""
    texts = [(op.split(' ')[1], gen.unesc(op.split(' ', 2)[2])) for op in ops
             if op[:2] in ('a ', 't ') and op.count(' ') >= 2]
    out = set()
    named = {}
    for path, t in texts:
        m = re.fullmatch(r'hist:name=(\w+):keys=common_pid:x=common_pid:onmax\(\$x\)\.save\(filename\)', t)
        if m:
            named.setdefault(m.group(1), set()).add(path.split('events/')[-1])
    for evs in named.values():
        if {'syscalls/sys_enter_openat/trigger', 'sched/sched_process_exec/trigger'} <= evs:
            out.add('crasher1-named-filename')
    stack_synths = {re.sub(r'^s:', '', t.split(' ')[0]).split('/')[-1]
                    for p, t in texts if p in ('synthetic_events', 'dynamic_events') and
                    re.search(r'unsigned long(\[\] \w+|\s+\w+\[\])', t)}
    for path, t in texts:
        m = re.search(r':(\w+)=common_stacktrace\*0\+4096:onchange\(\$\1\)\.(\w+)\(\$\1\)', t)
        if m and m.group(2) in stack_synths:
            out.add('crasher2-stack-expr-into-stack-field')
        m = re.search(r':(\w+)=common_stacktrace\*0\+4096:onchange\(\$\1\)\.trace\((\w+),\$\1\)', t)
        if m and m.group(2) in stack_synths:
            out.add('crasher2-stack-expr-into-stack-field')
    consts = {}
    for path, t in texts:
        m = re.fullmatch(r'hist:keys=common_stacktrace:(\w+)=\d+,(\w+)=\d+', t)
        if m:
            consts[(m.group(1), m.group(2))] = path
    for path, t in texts:
        m = re.fullmatch(r'hist:keys=common_stacktrace:\w+=\$(\w+)\*\$(\w+)', t)
        if m and consts.get((m.group(1), m.group(2))) == path:
            out.add('crasher3-fold-beside-stack-key')
    return out


def main(argv):
    if len(argv) >= 3 and argv[1] in ('--stats', '--check'):
        n = int(argv[2])
        seed = int(argv[3]) if len(argv) > 3 else 1
        c = Composer(seed)
        counts, tagcounts, crash, nops, bad = {}, {}, {}, 0, []
        for i in range(n):
            ops, tags = c.scenario()
            nops += len(ops)
            bad += ['scenario %d: %s' % (i, b) for b in well_formed(prologue() + ops)]
            for s in classify(ops):
                counts[s] = counts.get(s, 0) + 1
            for s in tags:
                tagcounts[s] = tagcounts.get(s, 0) + 1
            for s in crashers(ops):
                crash[s] = crash.get(s, 0) + 1
        print('%d scenarios of seed %d: %d operations (%.1f a scenario)' % (n, seed, nops, nops / n))
        print('shapes found in the operations (scenarios having each):')
        for s in sorted(counts):
            print('  %6d  %s' % (counts[s], s))
        print('the review\'s crashers, in their exact form:')
        for s in ('crasher1-named-filename', 'crasher2-stack-expr-into-stack-field',
                  'crasher3-fold-beside-stack-key'):
            print('  %6d  %s' % (crash.get(s, 0), s))
        print('shapes drawn (the generator\'s tags):')
        for s in sorted(t for t in tagcounts if not t.startswith(('param:', 'save:'))):
            print('  %6d  %s' % (tagcounts[s], s))
        pk = sorted({t.split(':')[1].split('->')[0] for t in tagcounts if t.startswith('param:')})
        fk = sorted({t.split('->')[1] for t in tagcounts if t.startswith('param:')})
        print('action parameters: kind passed (rows) into synthetic field kind (columns), scenarios:')
        print('  %-10s %s' % ('', ' '.join('%6s' % k for k in fk)))
        for k in pk:
            print('  %-10s %s' % (k, ' '.join('%6d' % tagcounts.get('param:%s->%s' % (k, f), 0)
                                              for f in fk)))
        print('save() of field kinds: ' + ', '.join(
            '%s %d' % (t[5:], tagcounts[t]) for t in sorted(tagcounts) if t.startswith('save:')))
        if argv[1] == '--check':
            again = Composer(seed)
            same = all(again.scenario()[0] == Composer(seed).scenario()[0] for _ in range(1))
            a = stream(seed, 50, True)
            b = stream(seed, 50, True)
            print('deterministic: %s' % ('yes' if a == b and same else 'NO'))
            print('well-formed: %s' % ('yes' if not bad else '%d problems' % len(bad)))
            for b_ in bad[:20]:
                print('  ' + b_)
            need = ['named-kinds-differ', 'named-across-instances', 'cross-event-ref', 'qualified-ref',
                    'field-var', 'module-var-read-elsewhere', 'rmmod-after-module-var-read',
                    'modprobe', 'rmmod-under-live-reader',
                    'rmmod-under-sched_switch-reader-of-foo_bar', 'fold-refs', 'fold-stack-key', 'fold-string-key', 'bad-stack',
                    'bad-string', 'bad-stack-or-string-var', 'bad-synth-stack-field',
                    'bad-into-synth-stack', 'save', 'synth-params', 'rmdir']
            missing = [s for s in need if not counts.get(s)]
            missing += [s for s in ('crasher1-named-filename', 'crasher2-stack-expr-into-stack-field',
                                    'crasher3-fold-beside-stack-key') if not crash.get(s)]
            print('shapes missing: %s' % (', '.join(missing) or 'none'))
            return 1 if bad or missing or a != b else 0
        return 0
    if len(argv) in (3, 4) and argv[1].lstrip('-').isdigit():
        seg = len(argv) == 4 and argv[3] == '--segments'
        if len(argv) == 4 and not seg:
            sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
            return 2
        seed, count = int(argv[1]), int(argv[2])
        sys.stdout.write('# compose stream seed=%d count=%d%s\n' % (seed, count,
                                                                   ' segments' if seg else ''))
        sys.stdout.write(''.join(op + '\n' for op in stream(seed, count, seg)))
        return 0
    sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
