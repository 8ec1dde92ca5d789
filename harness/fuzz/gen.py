#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""gen.py - the command generator of the hist trigger fuzzer (harness/fuzz/).

    gen.py [--diff] SEED COUNT [--pick I,J,...]   print the stream of SEED
    gen.py --shell STREAM                print a stream as shell commands

A stream is COUNT commands written to tracefs files (hist, enable_hist and
other triggers, synthetic_events and dynamic_events lines, instances), drawn
from the grammar of Documentation/trace/histogram.rst and events.rst
(filters), a part of them mutated into malformed text, with deterministic
event traffic between them. The same SEED always gives the same stream.
--pick keeps only the operations of those indices (a shrunk reproducer);
--diff makes the stream of make fuzzdiff (Gen's for_diff).

The stream is text, one operation a line, run in the guest by fuzzexec.c:

    a PATH TEXT    append TEXT and a newline to tracefs PATH: a command
    t PATH TEXT    the same, opening PATH with O_TRUNC: a command
    d PATH         mkdir PATH (an instance): a command
    D PATH         rmdir PATH: a command
    r PATH         read PATH, shown in the transcript (deterministic text)
    R PATH         read PATH, not shown (timestamps, pointers, other tasks)
    U DECL         declare the user_event DECL ("name type field;...")
    e NAME V,...   emit user_event NAME (declared by U) with these values
    m TEXT         write TEXT to trace_marker (ftrace/print)
    w N            N write(2)s to /dev/null (syscalls/sys_enter_write)
    s USEC         sleep (sched_switch, sched_waking)
    x N            run /bin/true N times (sched_process_fork/exec/exit)
    M NAME         load the module NAME: a command
    X NAME         unload the module NAME: a command

(x, M and X are compose.py's: the composed scenarios of several
triggers on several events, instances and a module.)

PATH is relative to /sys/kernel/tracing. TEXT is the rest of the line with
backslash escapes: \\\\, \\n, \\t, \\xHH. Lines starting with '#' are
comments; the first says the seed and the count.
"""

import random
import re
import sys

# ---- The events the stream uses -------------------------------------------
#
# A field is (name, kind): 'u'/'s' numbers (unsigned/signed), 'str' a fixed
# string, 'dstr' a dynamic string, 'ptr' an address, 'buf0' a char[0] that
# only filters take, 'stack' a stack trace.

COMMON = [('common_pid', 's'), ('common_flags', 'u'),
          ('common_preempt_count', 'u'), ('common_type', 'u')]

# user_events created by the prologue, with the C types of their fields.
USER_EVENTS = [
    ('fz_ints', [('u8', 'a8'), ('s8', 'b8'), ('u16', 'a16'), ('s16', 'b16'),
                 ('u32', 'a32'), ('s32', 'b32'), ('u64', 'a64'), ('s64', 'b64')]),
    ('fz_strs', [('char[16]', 's'), ('__data_loc char[]', 'd'), ('u32', 'n'),
                 ('s64', 'v')]),
    ('fz_ctypes', [('char', 'c'), ('unsigned char', 'uc'), ('short', 'sh'),
                   ('unsigned short', 'ush'), ('int', 'i'), ('unsigned int', 'ui')]),
    ('fz_start', [('u32', 'id'), ('u64', 'val'), ('char[16]', 'tag'),
                  ('__data_loc char[]', 'dtag')]),
    ('fz_end', [('u32', 'id'), ('u64', 'val'), ('s32', 'code')]),
]

KERNEL_EVENTS = {
    'sched/sched_waking': [('comm', 'str', 'char[16]'), ('pid', 's', 'pid_t'),
                           ('prio', 's', 'int'), ('target_cpu', 's', 'int')],
    'sched/sched_switch': [('prev_comm', 'str', 'char[16]'),
                           ('prev_pid', 's', 'pid_t'), ('prev_prio', 's', 'int'),
                           ('prev_state', 's', 'long'),
                           ('next_comm', 'str', 'char[16]'),
                           ('next_pid', 's', 'pid_t'), ('next_prio', 's', 'int')],
    'syscalls/sys_enter_write': [('__syscall_nr', 's', 'int'),
                                 ('fd', 'u', 'unsigned int'),
                                 ('buf', 'ptr', 'unsigned long'),
                                 ('count', 'u', 'size_t')],
    'ftrace/print': [('ip', 'ptr', 'unsigned long'), ('buf', 'buf0', 'char[]')],
}

# Event pairs whose keys hold the same values, for variables read across.
PAIRS = [
    ('user_events/fz_start', 'id', 'user_events/fz_end', 'id'),
    ('sched/sched_waking', 'pid', 'sched/sched_switch', 'next_pid'),
    ('user_events/fz_ints', 'a32', 'user_events/fz_end', 'id'),
    ('syscalls/sys_enter_write', 'common_pid', 'ftrace/print', 'common_pid'),
]

INSTANCE = 'instances/fzi'

SYNTH_TYPES = ['u8', 's8', 'u16', 's16', 'u32', 's32', 'u64', 's64', 'char',
               'unsigned char', 'int', 'unsigned int', 'long', 'unsigned long',
               'short', 'unsigned short', 'bool', 'pid_t', 'gfp_t']
SYNTH_BAD_TYPES = ['u128', 'float', 'char *', 'struct x', 'unsigned', 's65']
KPROBE_SYMS = ['vfs_write', 'ksys_write', 'vfs_read', 'do_sys_openat2',
               'kfree']
CLOCKS = ['global', 'local', 'mono', 'mono_raw', 'boot', 'x86-tsc', 'counter',
          'perf', 'uptime', 'tai', 'nosuchclock']
KEY_MODS = ['hex', 'sym', 'sym-offset', 'execname', 'syscall', 'log2',
            'buckets=%d', 'usecs']
VAL_MODS = ['hex', 'percent', 'graph', 'usecs']
ALL_MODS = KEY_MODS + VAL_MODS + ['stacktrace', 'ascending', 'descending',
                                  'nosuchmod', 'buckets', 'buckets=0']
HUGE = ['18446744073709551615', '18446744073709551616',
        '99999999999999999999999', '-1', '0xffffffffffffffff', '4294967296',
        '2147483648', '-9223372036854775808', '0x', '1e9']
STRAYS = list(':,.=()$!{}[]"\'\t;-+*/|&~#%^<>?@\\ ') + ['\x01', '\xff', '  ']
STRINGS = ['alpha', 'beta', '', 'fz', 'a-much-longer-string-than-sixteen',
           '*', 'x y', 'fuzzexec']


def esc(text):
    """The stream form of TEXT: backslash escapes for \\, newline, tab and
    any byte outside printable ASCII."""
    out = []
    for ch in text:
        o = ord(ch)
        if ch == '\\':
            out.append('\\\\')
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\t':
            out.append('\\t')
        elif o < 0x20 or o >= 0x7f:
            out.append('\\x%02x' % (o & 0xff))
        else:
            out.append(ch)
    return ''.join(out)


def unesc(text):
    return re.sub(r'\\(\\|n|t|x[0-9a-fA-F]{2})',
                  lambda m: {'\\': '\\', 'n': '\n', 't': '\t'}.get(
                      m.group(1), None) or chr(int(m.group(1)[1:], 16)),
                  text)


class Event:
    """An event the stream writes triggers to, and what it knows of it."""

    def __init__(self, path, fields):
        self.path = path                  # sys/event
        self.system, self.name = path.split('/')
        self.fields = [f[:2] for f in fields]
        self.ctypes = {f[0]: f[2] for f in fields if len(f) > 2}
        self.vars = {}                    # per instance prefix: {var: kind}
        self.triggers = {}                # per prefix: [accepted commands]

    def numeric(self, with_common=True):
        f = [n for n, k in self.fields if k in ('u', 's', 'ptr')]
        return f + ([n for n, _ in COMMON] if with_common else [])

    def strings(self):
        return [n for n, k in self.fields if k in ('str', 'dstr')]

    def kind(self, field):
        for n, k in self.fields + COMMON:
            if n == field:
                return k
        return None


def user_kind(ctype):
    if 'char[' in ctype and ctype.startswith('__'):
        return 'dstr'
    if 'char[' in ctype:
        return 'str'
    return 's' if ctype[0] == 's' or ctype in ('char', 'short', 'int') else 'u'


def synth_kind(ctype):
    if ctype.endswith('[]') and 'long' in ctype:
        return 'stack'
    if ctype.startswith('char') and '[' in ctype:
        return 'str' if not ctype.endswith('[]') else 'dstr'
    return 'u' if ctype.startswith('u') or ctype in ('bool', 'gfp_t') else 's'


class Gen:
    """The stream of one seed: the model of what exists, and the choices."""

    def __init__(self, seed, count, for_diff=False):
        """for_diff: a stream for make fuzzdiff, without what oopses stock
        6.12.117 (the comparison stops at the first crash): a snapshot
        trigger, whose snapshot a hist action's onmax()/onchange()
        .snapshot() may hold (cond_snapshot_update(), FINDINGS.md 3); and
        without what makes an answer depend on timing: enable_hist and
        disable_hist only on events the stream fires itself (on a sched
        event they pause and resume histograms between any two reads)."""
        self.r = random.Random(seed)
        self.seed, self.count = seed, count
        self.for_diff = for_diff
        self.ops = []
        self.events = {}
        for path, fields in KERNEL_EVENTS.items():
            self.events[path] = Event(path, fields)
        for name, fields in USER_EVENTS:
            self.events['user_events/' + name] = Event(
                'user_events/' + name, [(f, user_kind(t), t) for t, f in fields])
        self.synth = {}                   # name -> [(ctype, field)]
        self.dyn = {}                     # dynamic event path -> its line
        self.instance = False
        self.queue = []                   # commands of a recipe still to come
        self.wildness = 1.0               # scales the invalid choices
        self.nsynth = self.ndyn = self.nvar = 0

    # -- small helpers ------------------------------------------------------
    def p(self, prob):
        return self.r.random() < prob

    def pick(self, seq):
        return self.r.choice(seq)

    def wild(self, prob):
        """An invalid choice, PROB of the time in a wild command, never in
        a careful one (half of them are)."""
        return self.r.random() < prob * self.wildness

    def op(self, kind, *args):
        """Add one operation; its last argument is text, escaped."""
        self.ops.append(' '.join((kind,) + args[:-1] + (esc(args[-1]),)))

    def prefix(self, ev=None):
        """Where a command on EV goes: the instance now and then, if there
        is one. Never for an eprobe: one enabled in two instances keeps its
        trigger on the target event of the first after both are disabled
        (disable_trace_eprobe() in trace_eprobe.c, outside our files), and
        deleting it then is a use-after-free (FINDINGS.md)."""
        inside = self.instance and self.p(0.15)
        return INSTANCE + '/' if inside and (ev is None or ev.system != 'eprobes') else ''

    def trigger_path(self, ev, prefix):
        return '%sevents/%s/trigger' % (prefix, ev.path)

    def new_syntax(self, ours, refused):
        """OURS, text stock 6.12 refuses and ours takes (differences.txt);
        in make fuzzdiff's streams REFUSED in its place, text both refuse,
        so that the streams compare what both kernels know and stay as
        recorded (the random sequence is the same either way)."""
        return refused if self.for_diff else ours

    def any_event(self):
        return self.events[self.pick(sorted(self.events))]

    def varname(self):
        """A new name; in make fuzz's streams, now and then one some event
        has already, so that a name is defined on two events (not unique
        when read alone). Streams of make fuzzdiff stay as recorded."""
        if not self.for_diff and self.p(0.04):
            taken = sorted({v for e in self.events.values()
                            for names in e.vars.values() for v in names})
            if taken:
                return self.pick(taken)
        self.nvar += 1
        return self.pick(['v', 'ts', 'lat', 'x', 'd']) + str(self.nvar)

    def number(self):
        if self.p(0.1):
            return self.pick(HUGE)
        if self.p(0.3):
            return hex(self.r.randrange(0, 1 << self.pick([4, 8, 16, 32])))
        return str(self.r.randrange(0, self.pick([3, 10, 100, 1000, 1 << 20])))

    # -- fields, keys, values, expressions ---------------------------------
    def field_ref(self, ev, numeric=True):
        """A field of EV, or a special field, sometimes qualified."""
        if self.p(0.12):
            return self.pick(['common_timestamp', 'common_timestamp.usecs',
                              'common_cpu', 'cpu', 'CPU', 'common_pid',
                              'common_stacktrace', 'stacktrace'] +
                             (['hitcount', self.new_syntax('common_comm', 'common_nosuch')]
                              if self.wild(1) else []))
        names = ev.numeric() if numeric else [n for n, _ in ev.fields + COMMON]
        if not names or self.wild(0.05):
            return self.pick(['nosuch', 'comm', 'pid', 'id', 'a8'])
        f = self.pick(names)
        if self.p(0.05):
            f = '%s.%s.%s' % (ev.system, ev.name, f)
        return f

    def modifier(self, ev, field, key):
        kind = ev.kind(field.split('.')[-1])
        good = []
        if key:
            good = ['hex', 'log2', 'buckets=%d' % self.r.choice([1, 2, 10, 100, 1 << 20])]
            # Log-linear buckets are new syntax: make fuzz's streams only
            # (N from 0 to 7: the bounds and one past each).
            if not self.for_diff:
                good.append('log2=%d' % self.r.randrange(0, 8))
            if kind == 'ptr' or field.endswith('call_site'):
                good += ['sym', 'sym-offset']
            if field == 'common_pid':
                good.append('execname')
            if field in ('__syscall_nr', 'id'):
                good.append('syscall')
        else:
            # The statistics are new syntax: make fuzz's streams only.
            good = ['hex', 'percent', 'graph'] + ([] if self.for_diff else ['min', 'max', 'avg'])
        if field.startswith('common_timestamp'):
            good = ['usecs']
        m = self.pick(good) if good and not self.wild(0.3) else self.pick(ALL_MODS)
        return m % self.r.randrange(1, 1000) if '%d' in m else m

    def key(self, ev):
        if self.p(0.7) or not ev.strings():
            f = self.field_ref(ev)
        else:
            f = self.pick(ev.strings())
        if '.' not in f and self.p(0.35):
            f += '.' + self.modifier(ev, f, True)
        elif self.wild(0.05):
            f += '.' + self.modifier(ev, f, True) + '.' + self.modifier(ev, f, True)
        return f

    def value(self, ev, prefix):
        if self.p(0.1):
            return self.expr(ev, prefix)
        f = self.field_ref(ev)
        if '.' not in f and self.p(0.3):
            f += '.' + self.modifier(ev, f, False)
        return f

    def var_ref(self, ev, prefix, numeric=True):
        """$NAME of a variable the model has, preferring ones of the events
        paired with EV; sometimes qualified, sometimes missing."""
        cands = []
        for e in self.events.values():
            for v, kind in e.vars.get(prefix, {}).items():
                if numeric and kind in ('str', 'stack'):
                    continue
                cands.append((e, v))
        if not cands or self.wild(0.1):
            return '$' + self.pick(['nosuch', 'v1', 'ts0', 'lat'])
        e, v = self.pick(cands)
        if self.p(0.2):
            return '%s.%s.$%s' % (e.system, e.name, v)
        return '$' + v

    def operand(self, ev, prefix, depth):
        c = self.r.random()
        if c < 0.35:
            f = self.pick(ev.numeric() or ['common_pid'])
            return f if self.p(0.9) else '%s.%s.%s' % (ev.system, ev.name, f)
        if c < 0.55:
            return self.number()
        if c < 0.75:
            return self.var_ref(ev, prefix)
        if c < 0.9:
            return self.pick(['common_timestamp', 'common_timestamp.usecs'])
        if depth < 2:
            return '-(' + self.expr(ev, prefix, depth + 1) + ')'
        return self.pick(['common_cpu', 'hitcount', 'cpu'])

    def expr(self, ev, prefix, depth=0):
        n = self.pick([0, 1, 1, 1, 2, 2, 3, 3, 4]) if depth == 0 else self.pick([0, 1])
        e = self.operand(ev, prefix, depth)
        for _ in range(n):
            e += self.pick('+-*/') + self.operand(ev, prefix, depth)
        return e

    def filter(self, ev, depth=0):
        preds = []
        for _ in range(self.pick([1, 1, 1, 2, 3])):
            c = self.r.random()
            strs = ev.strings()
            if c < 0.25 and strs:
                p = '%s %s "%s"' % (self.pick(strs), self.pick(['==', '!=', '~']),
                                    self.pick(STRINGS + ['*a*', 'fz?', '[ab]*']))
            elif c < 0.3:
                p = '%s & CPUS{%s}' % (self.pick(['CPU', 'common_cpu', 'cpu']),
                                       self.pick(['0', '1', '0-1', '0,7', '']))
            elif c < 0.35 and ev.path == 'ftrace/print':
                p = 'ip.function %s %s' % (self.pick(['==', '!=']),
                                           self.pick(KPROBE_SYMS + ['nosuch']))
            elif c < 0.4 and ev.path == 'ftrace/print':
                p = 'buf ~ "%s"' % self.pick(['*fz*', 'fz*', '*'])
            elif c < 0.45 and depth < 2:
                p = '(' + self.filter(ev, depth + 1) + ')'
            elif c < 0.48:
                p = self.pick(['COMM', 'comm']) + ' == "fuzzexec"'
            else:
                p = '%s %s %s' % (self.pick(ev.numeric()),
                                  self.pick(['==', '!=', '<', '<=', '>', '>=', '&']),
                                  self.number())
            if self.p(0.08):
                p = '!' + p if p.startswith('(') else '!(' + p + ')'
            preds.append(p)
        out = preds[0]
        for p in preds[1:]:
            out += self.pick([' && ', ' || ', '&&', ' || !']) + p
        return out

    # -- synthetic events ---------------------------------------------------
    def synth_fields(self):
        fields = []
        for i in range(self.pick([1, 1, 2, 3, 4, 6] + [33] * self.wild(1))):
            c = self.r.random()
            if c < 0.65:
                t = self.pick(SYNTH_TYPES)
                fields.append((t, 'f%d' % i))
            elif c < 0.8:
                fields.append(('char', 'f%d[%d]' % (i, self.pick([1, 8, 16, 64, 256]))))
            elif c < 0.88:
                fields.append(('char', 'f%d[]' % i))
            elif c < 0.96:
                fields.append((self.pick(['unsigned long[]', 'long[]']), 'f%d' % i))
            elif self.wild(1):
                fields.append((self.pick(SYNTH_BAD_TYPES), 'f%d' % i))
            else:
                fields.append(('u64', 'f%d' % i))
        return fields

    @staticmethod
    def synth_text(name, fields):
        return name + ' ' + '; '.join('%s %s' % f for f in fields)

    def add_synth(self, name, fields):
        self.synth[name] = fields
        ev = Event('synthetic/' + name, [])
        for t, f in fields:
            if '[' in f:
                base = f.split('[')[0]
                ev.fields.append((base, 'dstr' if f.endswith('[]') else 'str'))
            else:
                ev.fields.append((f, synth_kind(t)))
        self.events[ev.path] = ev

    def new_synth_name(self):
        """One of seven names, one the model has not defined if it can."""
        for _ in range(7):
            self.nsynth += 1
            name = 'fz_syn%d' % (self.nsynth % 7)
            if name not in self.synth:
                break
        return name

    def cmd_synth_define(self):
        name = self.new_synth_name()
        fields = self.synth_fields()
        text = self.synth_text(name, fields)
        if self.p(0.3):
            path, line = 'dynamic_events', 's:' + self.pick(['', 'synthetic/']) + text
        else:
            path, line = 'synthetic_events', text
        return path, line, lambda: self.add_synth(name, fields)

    def cmd_synth_delete(self):
        if not self.synth or self.p(0.1):
            name = 'fz_nosuch'
            fields = [('u64', 'x')]
        else:
            name = self.pick(sorted(self.synth))
            fields = self.synth[name]
        c = self.r.random()
        if c < 0.4:
            path, line = 'synthetic_events', '!' + self.synth_text(name, fields)
        elif c < 0.6:
            path, line = 'synthetic_events', '!' + name
        else:
            path, line = 'dynamic_events', '-:' + self.pick(['', 'synthetic/']) + name

        def done():
            self.synth.pop(name, None)
            self.events.pop('synthetic/' + name, None)
        return path, line, done

    # -- dynamic events -----------------------------------------------------
    def cmd_dynamic(self):
        self.ndyn += 1
        n = self.ndyn % 5
        c = self.r.random()
        if c < 0.25:
            sym = self.pick(KPROBE_SYMS)
            args = self.pick([[], ['a1=$arg1'], ['a1=$arg1:u32', 'a2=$arg2'],
                              ['cnt=$arg3:s64', 'c=$comm'], ['r=%di', 'st=$stack0'],
                              ['s=+0($arg2):string'], ['x=+8(%si):x64']])
            name = 'fzk%d' % n
            line = 'p:kprobes/%s %s%s %s' % (name, sym, self.pick(['', '', '+0', '+4']),
                                             ' '.join(args))
            fields = [(a.split('=')[0], 'u') for a in args]
            path = 'kprobes/' + name
        elif c < 0.4:
            sym = self.pick(KPROBE_SYMS)
            name = 'fzr%d' % n
            line = 'r:kprobes/%s %s ret=$retval%s' % (name, sym, self.pick(['', ':s32', ':x64']))
            fields = [('ret', 's')]
            path = 'kprobes/' + name
        elif c < 0.6:
            # Not on a user event: one that fuzzexec registered after
            # a truncation of dynamic_events is deleted with its last
            # reference, eprobe or not, on stock too (FINDINGS.md 7).
            src = self.pick(['sched.sched_waking p=$pid c=$comm:string',
                             'sched.sched_switch np=$next_pid pp=$prev_prio',
                             'syscalls.sys_enter_write fd=$fd c=$count:u32',
                             'sched.sched_switch pp=$prev_pid np=$next_prio',
                             'syscalls.sys_enter_write fd=$fd n=$count',
                             'sched.sched_waking nosuch=$nosuch'])
            name = 'fze%d' % n
            line = 'e:eprobes/%s %s' % (name, src)
            fields = [(a.split('=')[0], 'u') for a in src.split()[1:]]
            path = 'eprobes/' + name
        elif c < 0.75:
            name = 'fz_u%d' % n
            fields_c = self.pick([[('u32', 'x')], [('u64', 'a'), ('char[8]', 's')],
                                  [('__data_loc char[]', 'd'), ('s16', 'h')]])
            line = 'u:%s %s' % (name, ';'.join('%s %s' % f for f in fields_c))
            fields = [(f, user_kind(t)) for t, f in fields_c]
            path = 'user_events/' + name
        else:
            if self.dyn and self.p(0.8):
                path = self.pick(sorted(self.dyn))
            else:
                path = 'kprobes/fzk9'
            grp, name = path.split('/')
            line = '-:' + self.pick([path, name, path + ' ' + self.dyn.get(path, '')
                                     .split(' ', 2)[-1]]).rstrip()

            def gone():
                self.dyn.pop(path, None)
                self.events.pop(path, None)
            return 'dynamic_events', line, gone

        def made():
            self.dyn[path] = line
            ev = Event(path, fields)
            self.events[path] = ev
        return 'dynamic_events', line, made

    # -- hist triggers ------------------------------------------------------
    def hist_cmd(self, ev, prefix):
        """A random hist command for EV; returns (text, vars it defines)."""
        items = []
        keys = [self.key(ev) for _ in range(self.pick([1, 1, 1, 2, 2, 3] +
                                                      [4] * self.wild(1)))]
        items.append(self.pick(['keys=', 'keys=', 'keys=', 'key=']) + ','.join(keys))
        vals = []
        if self.p(0.5):
            vals = [self.value(ev, prefix) for _ in range(self.pick([1, 1, 2, 3]))]
            items.append(self.pick(['vals=', 'vals=', 'values=', 'val=']) + ','.join(vals))
        if self.p(0.35):
            sortable = [k.split('.')[0] for k in keys] + [v.split('.')[0] for v in vals] + ['hitcount']
            s = [self.pick(sortable) + self.pick(['', '', '.descending', '.ascending'] +
                                                 ['.bogus'] * self.wild(1))
                 for _ in range(self.pick([1, 1, 2, 3]))]
            items.append('sort=' + ','.join(s))
        if self.p(0.15):
            items.append('size=' + self.pick(['128', '256', '2048', '4096', '131072', '100'] +
                                             ['1', '0', self.new_syntax('131073', '2097153'),
                                              '99999999', 'abc'] * self.wild(1)))
        if self.p(0.1):
            items.append('name=' + self.pick(['fz_n0', 'fz_n1', 'fz_n2']))
        if self.p(0.08):
            items.append(self.pick(['pause', 'cont', 'continue', 'clear']))
        if self.p(0.06):
            items.append(self.pick(['nohitcount', 'NOHC']))
        if self.p(0.08):
            items.append('clock=' + self.pick(CLOCKS[:-1] + CLOCKS[-1:] * self.wild(1)))
        defined = {}
        if self.p(0.3):
            defs = []
            for _ in range(self.pick([1, 1, 2, 3] + [17] * self.wild(1))):
                v = self.varname()
                if self.p(0.2) and ev.strings():
                    e, kind = self.pick(ev.strings()), 'str'
                elif self.p(0.05):
                    e, kind = 'common_stacktrace', 'stack'
                elif self.p(0.3):
                    e, kind = 'common_timestamp' + self.pick(['.usecs', '']), 'u'
                else:
                    e, kind = self.expr(ev, prefix), 'u'
                defs.append('%s=%s' % (v, e))
                defined[v] = kind
            items.append(','.join(defs))
        if self.p(0.2):
            items.append(self.handler(ev, prefix, defined))
        if self.p(0.1):
            self.r.shuffle(items)
        text = 'hist:' + ':'.join(items)
        if self.p(0.2):
            text += ' if ' + self.filter(ev)
        return text, defined

    def synth_params(self, ev, prefix, name):
        fields = self.synth.get(name, [('u64', 'x')])
        params = []
        for t, f in fields:
            c = self.r.random()
            if c < 0.4:
                params.append(self.var_ref(ev, prefix, synth_kind(t) not in ('str', 'dstr')))
            elif c < 0.8:
                params.append(self.pick([n for n, _ in ev.fields + COMMON]))
            elif c < 0.9:
                o = self.any_event()
                if o.fields:
                    params.append('%s.%s.%s' % (o.system, o.name, self.pick(o.fields)[0]))
                else:
                    params.append('common_pid')
            else:
                params.append(self.pick(['common_timestamp', 'common_pid'] +
                                        ['nosuch', '1', '$nosuch'] * self.wild(1)))
        if self.wild(0.1):
            params = params[:-1] if self.p(0.5) else params + ['common_pid']
        return params

    def action(self, ev, prefix, handler):
        syn = self.pick(sorted(self.synth)) if self.synth and self.p(0.9) else 'fz_nosynth'
        c = self.r.random()
        if handler == 'onmatch' or c < 0.35:
            params = ','.join(self.synth_params(ev, prefix, syn))
            return self.pick(['trace(%s,%s)' % (syn, params), '%s(%s)' % (syn, params)])
        if c < 0.7:
            return 'save(%s)' % ','.join(self.pick([n for n, _ in ev.fields + COMMON])
                                          for _ in range(self.pick([1, 2, 3])))
        return self.pick(['snapshot()'] + ['snapshot', 'save()', 'nosuch()'] * self.wild(1))

    def handler(self, ev, prefix, defined):
        h = self.pick(['onmatch', 'onmatch', 'onmax', 'onchange'] + ['onnothing'] * self.wild(1))
        if h == 'onmatch':
            o = self.any_event()
            arg = '%s.%s' % (o.system, o.name)
        else:
            nums = [v for v, k in defined.items() if k == 'u']
            arg = '$' + (self.pick(nums) if nums and self.p(0.85) else self.varname())
        text = '%s(%s).%s' % (h, arg, self.action(ev, prefix, h))
        if self.p(0.1):
            text += ':' + self.handler(ev, prefix, defined)
        return text

    def cmd_hist(self):
        ev = self.any_event()
        prefix = self.prefix(ev)
        text, defined = self.hist_cmd(ev, prefix)
        return self.trigger_path(ev, prefix), text, lambda: self.accepted(ev, prefix, text, defined)

    def accepted(self, ev, prefix, text, defined):
        ev.triggers.setdefault(prefix, []).append(text)
        ev.vars.setdefault(prefix, {}).update(defined)

    def cmd_recipe(self):
        """A chain that is meant to work: variables on one event, a
        reference, a synthetic event and an action on the other, and
        sometimes a histogram of the synthetic event."""
        a, ka, b, kb = self.pick(PAIRS)
        ea, eb = self.events[a], self.events[b]
        prefix = self.prefix()
        t0, d = self.varname(), self.varname()
        ts = self.pick(['common_timestamp.usecs', 'common_timestamp'])
        syn = self.new_synth_name()
        keyt = 'u32' if ka == 'id' else 'pid_t' if 'pid' in kb else 'u64'
        fields = [('u64', 'lat'), (keyt, 'key')]
        extra = [n for n, k in eb.fields if k in ('u', 's')][:1]
        if extra:
            fields.append((eb.ctypes.get(extra[0], 's64'), 'more'))
        first = 'hist:keys=%s:%s=%s' % (ka, t0, ts)
        if self.p(0.3) and ea.strings():
            first += ',%s=%s' % (self.varname(), ea.strings()[0])
        if self.p(0.2):
            first += ' if ' + self.filter(ea)
        handler = self.pick(['onmatch(%s.%s)' % (ea.system, ea.name)] * 3 +
                            ['onmax($%s)' % d, 'onchange($%s)' % d])
        params = ['$' + d, kb] + extra
        act = self.pick(['trace(%s,%s)' % (syn, ','.join(params)),
                         '%s(%s)' % (syn, ','.join(params))])
        if handler.startswith('on') and not handler.startswith('onmatch') and self.p(0.5):
            act = self.pick(['save(%s)' % ','.join(n for n, _ in eb.fields[:3]), 'snapshot()'])
        second = 'hist:keys=%s:%s=%s-$%s:%s.%s' % (kb, d, ts, t0, handler, act)
        steps = [('synthetic_events', self.synth_text(syn, fields),
                  lambda: self.add_synth(syn, fields)),
                 (self.trigger_path(ea, prefix), first,
                  lambda: self.accepted(ea, prefix, first, {t0: 'u'})),
                 (self.trigger_path(eb, prefix), second,
                  lambda: self.accepted(eb, prefix, second, {d: 'u'}))]
        if self.p(0.5):
            third = 'hist:keys=key,lat' + self.pick(['', '.log2', '.buckets=10']) + ':sort=lat'
            sev = Event('synthetic/' + syn, [('lat', 'u'), ('key', 's')])
            steps.append(('%sevents/synthetic/%s/trigger' % (prefix, syn), third,
                          lambda: self.accepted(self.events.get(sev.path, sev), prefix, third, {})))
        return steps

    def cmd_remove(self):
        cands = [(e, pfx, t) for e in self.events.values()
                 for pfx, ts in e.triggers.items() for t in ts]
        if not cands:
            return self.cmd_hist()
        ev, prefix, text = self.pick(cands)
        c = self.r.random()
        if c < 0.7:
            line = '!' + text

            def done():
                if text in ev.triggers.get(prefix, []):
                    ev.triggers[prefix].remove(text)
        else:
            line = text.split(' if ')[0] + ':' + self.pick(['pause', 'cont', 'continue', 'clear'])
            if ' if ' in text:
                line += ' if ' + text.split(' if ', 1)[1]
            done = None
        return self.trigger_path(ev, prefix), line, done

    def cmd_enable_hist(self):
        ev, target = self.any_event(), self.any_event()
        if self.for_diff:
            ev = self.events[self.pick(sorted(
                p for p in self.events if p.startswith('user_events/') or p == 'ftrace/print'))]
        prefix = self.prefix(ev)
        # In the instance, one on an eprobe would enable the eprobe there
        # (stock's bug of FINDINGS.md 4 again, seeds 432 and 439).
        if target.system == 'eprobes':
            prefix = ''
        text = '%s:%s:%s' % (self.pick(['enable_hist', 'disable_hist']),
                             target.system, target.name)
        if self.p(0.3):
            text += ':' + self.pick(['1', '5', '0', 'unlimited', '-1', ''])
        if self.p(0.2):
            text += ' if ' + self.filter(ev)
        if self.p(0.15):
            text = '!' + text
        return self.trigger_path(ev, prefix), text, None

    def cmd_other_trigger(self):
        ev = self.any_event()
        text = self.pick(['traceon', 'traceoff:1', 'stacktrace:2',
                          'traceon:1' if self.for_diff else 'snapshot:1',
                          'enable_event:sched:sched_waking:1', 'hist', 'hist:',
                          'hist:keys=common_pid if'])
        return self.trigger_path(ev, self.prefix(ev)), text, None

    # -- mutations ----------------------------------------------------------
    def mutate(self, text):
        for _ in range(self.pick([1, 1, 1, 2, 3])):
            text = self.mutate_once(text)
        return text

    def mutate_once(self, text):
        r = self.r
        m = r.randrange(10)
        n = len(text)
        if m == 0 and n:                       # truncation
            return text[:r.randrange(n)]
        if m == 1:                             # a doubled separator
            seps = [i for i, c in enumerate(text) if c in ':,.;()=$ ']
            if seps:
                i = r.choice(seps)
                return text[:i] + text[i] + text[i:]
        if m == 2:                             # a stray character
            i = r.randrange(n + 1)
            return text[:i] + r.choice(STRAYS) + text[i:]
        if m == 3:                             # a huge or odd number
            nums = list(re.finditer(r'\d+', text))
            if nums:
                x = r.choice(nums)
                return text[:x.start()] + r.choice(HUGE) + text[x.end():]
        if m == 4:                             # a long name
            ids = list(re.finditer(r'[A-Za-z_][A-Za-z0-9_]*', text))
            if ids:
                x = r.choice(ids)
                name = r.choice('xaz_') * r.choice([15, 16, 31, 32, 63, 64, 255, 256, 1100])
                return text[:x.start()] + name + text[x.end():]
        if m == 5:                             # an unbalanced parenthesis
            parens = [i for i, c in enumerate(text) if c in '()']
            if parens and r.random() < 0.7:
                i = r.choice(parens)
                return text[:i] + text[i + 1:]
            i = r.randrange(n + 1)
            return text[:i] + r.choice('()') + text[i:]
        if m in (6, 7):                        # a piece deleted or duplicated
            sep = r.choice([':', ',', ';', ' '])
            parts = text.split(sep)
            if len(parts) > 1:
                i = r.randrange(len(parts))
                if m == 6:
                    del parts[i]
                else:
                    parts.insert(i, parts[i])
                return sep.join(parts)
        if m == 8:                             # a modifier moved or added
            ids = list(re.finditer(r'[a-z_]+', text))
            if ids:
                x = r.choice(ids)
                return text[:x.end()] + '.' + r.choice(ALL_MODS).replace('%d', '7') + text[x.end():]
        if m == 9 and n:                       # one character swapped
            i = r.randrange(n)
            return text[:i] + r.choice(STRAYS + list('ab$0')) + text[i + 1:]
        return text + r.choice(STRAYS)

    # -- traffic ------------------------------------------------------------
    def emit_values(self, fields):
        vals = []
        for ctype, _ in fields:
            k = user_kind(ctype)
            if k in ('str', 'dstr'):
                vals.append(self.pick(STRINGS).replace(',', ''))
            else:
                vals.append(self.pick(['0', '1', '2', '3', '17', '-1', '255', '65536',
                                       '4294967295', '-9223372036854775808',
                                       str(self.r.randrange(1, 5000))]))
        return ','.join(vals)

    def traffic(self):
        for _ in range(self.pick([0, 1, 1, 2, 3])):
            c = self.r.random()
            if c < 0.4:
                name, fields = self.pick(USER_EVENTS)
                reps = self.pick([1, 1, 2, 5])
                for _ in range(reps):
                    self.op('e', name, self.emit_values(fields))
            elif c < 0.55:
                self.op('m', 'fz ' + self.pick(STRINGS) + ' %d' % self.r.randrange(100))
            elif c < 0.7:
                self.op('w', str(self.pick([1, 2, 5])))
            elif c < 0.78:
                self.op('s', str(self.pick([100, 1000, 3000])))
            else:
                self.read()

    def read(self):
        ev = self.any_event()
        prefix = self.prefix(ev)
        base = '%sevents/%s/' % (prefix, ev.path)
        det = ev.system == 'user_events'
        c = self.r.random()
        if c < 0.35:
            self.op('r', base + 'trigger')
        elif c < 0.6:
            self.op('r' if det else 'R', base + 'hist')
        elif c < 0.7:
            # hist_interval and hist_json are ours alone: make fuzz's
            # streams only.
            self.op('R', base + ('hist_debug' if self.for_diff or c < 0.64
                                 else 'hist_interval' if c < 0.67
                                 else 'hist_json'))
        elif c < 0.8:
            self.op('r', 'synthetic_events')
        elif c < 0.9:
            self.op('r', 'dynamic_events')
        else:
            self.op('R', base + 'format')

    # -- the stream ---------------------------------------------------------
    def prologue(self):
        for name, fields in USER_EVENTS:
            decl = '%s %s' % (name, ';'.join('%s %s' % f for f in fields))
            self.op('a', 'dynamic_events', 'u:' + decl)
            self.op('U', decl)

    def next_command(self):
        if self.queue:
            return self.queue.pop(0)
        c = self.r.random()
        table = [(0.36, self.cmd_hist), (0.50, self.cmd_recipe),
                 (0.60, self.cmd_remove), (0.69, self.cmd_synth_define),
                 (0.73, self.cmd_synth_delete), (0.83, self.cmd_dynamic),
                 (0.88, self.cmd_enable_hist), (0.90, self.cmd_other_trigger),
                 (0.93, self.cmd_truncate), (1.0, self.cmd_instance)]
        for limit, fn in table:
            if c < limit:
                res = fn()
                if isinstance(res, list):
                    self.queue = res[1:]
                    return res[0]
                return res
        return self.cmd_hist()

    def cmd_truncate(self):
        c = self.r.random()
        if c < 0.6:
            ev = self.any_event()
            path = self.trigger_path(ev, '')
            return ('t', path, self.pick(['', '', 'hist:keys=common_pid']),
                    lambda: ev.triggers.pop('', None))
        path = self.pick(['synthetic_events', 'dynamic_events'])
        return 't', path, '', None

    def cmd_instance(self):
        if self.instance and self.p(0.5):
            def gone():
                self.instance = False
                for e in self.events.values():
                    e.triggers.pop(INSTANCE + '/', None)
                    e.vars.pop(INSTANCE + '/', None)
            return 'D', INSTANCE, None, gone
        return 'd', INSTANCE, None, lambda: setattr(self, 'instance', True)

    def stream(self):
        self.prologue()
        for _ in range(self.count):
            if not self.queue:
                self.wildness = self.pick([0.0, 1.0])
            cmd = self.next_command()
            if len(cmd) == 3:
                kind, (path, text, done) = 'a', cmd
            else:
                kind, path, text, done = cmd
            if text is not None and kind in 'at' and self.p(0.25):
                text = self.mutate(text)
                done = None
            if kind in 'at':
                self.op(kind, path, text)
            else:
                self.op(kind, path)
            if done:
                done()
            self.traffic()
        return self.ops


def seeds(spec):
    """The seeds of a SEED= setting: N, N-M, or a comma list of those."""
    out = []
    for part in spec.split(','):
        lo, _, hi = part.partition('-')
        out += list(range(int(lo), int(hi) + 1)) if hi else [int(lo)]
    return out


def shell(stream):
    """A stream as the shell commands a person would type in
    /sys/kernel/tracing (traffic as comments)."""
    out = []
    for line in stream:
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            out.append(line)
            continue
        kind, _, rest = line.partition(' ')
        path, _, text = rest.partition(' ')
        q = "'" + unesc(text).replace("'", "'\\''") + "'"
        if kind == 'a':
            out.append('echo %s >> %s' % (q, path))
        elif kind == 't':
            out.append('echo %s > %s' % (q, path))
        elif kind == 'd':
            out.append('mkdir ' + path)
        elif kind == 'D':
            out.append('rmdir ' + path)
        elif kind == 'm':
            out.append("echo '%s' > trace_marker" % unesc(rest).replace("'", "'\\''"))
        elif kind in 'rR':
            out.append('cat %s >/dev/null' % path)
        elif kind == 'M':
            out.append('modprobe ' + path)
        elif kind == 'X':
            out.append('rmmod ' + path)
        elif kind == 'x':
            out.append('for i in $(seq %s); do /bin/true; done' % path)
        else:
            out.append('# %s' % line)
    return out


def main(argv):
    if len(argv) == 3 and argv[1] == '--shell':
        with open(argv[2]) as f:
            print('\n'.join(shell(f)))
        return 0
    for_diff = len(argv) > 1 and argv[1] == '--diff'
    if for_diff:
        argv = argv[1:]
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != '--pick'):
        sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
        return 2
    seed, count = int(argv[1]), int(argv[2])
    ops = Gen(seed, count, for_diff=for_diff).stream()
    keep = None
    if len(argv) == 5:
        keep = set(int(i) for i in argv[4].split(',') if i)
    sys.stdout.write('# fuzz stream seed=%d count=%d%s\n' % (
        seed, count, ' pick=' + argv[4] if keep is not None else ''))
    for i, line in enumerate(ops):
        if keep is None or i in keep:
            sys.stdout.write('%s\n' % line)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
