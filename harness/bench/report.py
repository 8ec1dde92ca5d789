#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make bench's report: what the boots of one run measured, aggregated.

Usage: report.py RUN-DIR

Reads RUN-DIR/raw.tsv (written by harness/lib/bench.sh, one line a
measurement; its format is described there) and RUN-DIR/meta.txt (the
settings: meta "stat" chooses the figure of a measurement, p10, p50 or
mean); prints the table (also kept in RUN-DIR/table.txt), writes
RUN-DIR/results.csv and draws RUN-DIR/ratios.png with gnuplot (when it is
installed).

For each shape and side, over the rounds:
  event  ns an iteration with the shape's triggers (hit), median
  base   ns an iteration with the same triggers behind a filter that is
         never true (miss), median
  own    hit - miss of the same round (the trigger's own cost), median
  +-     half the range of own over the rounds, in % of its median
and between the sides:
  own A/B    median own of A over median own of B
  range      lowest and highest own A/own B of one round
  event A/B  median event of A over median event of B
An extra (read100k, mem-*, create, remove) has one value a round: its
median, spread and ratio are of that value.
"""

import csv
import os
import shutil
import statistics
import subprocess
import sys
import textwrap

SHAPES = ['pid', 'num4096', 'compound', 'log2', 'execname', 'string', 'stack',
          'vars', 'chain', 'full', 'smp-distinct', 'smp-shared',
          # of syntax stock refuses: run against a build of ours
          'log2sub', 'sum', 'stats', 'comm', 'rem',
          'sys-off', 'sys-floor', 'sys-pid', 'sys-vars', 'sys-chain', 'sys-stack',
          # and against bpftrace (harness/guest/bench-bpftrace.sh)
          'sys-sum', 'sys-keys4096', 'sys-log2', 'sys-linear', 'sys-stats', 'sys-comm',
          'sys-latency']
EXTRAS = ['read100k', 'mem-create', 'mem-filled', 'create', 'remove',
          # BENCH_PEER=bpftrace's (harness/guest/bench-bpftrace.sh)
          'read10k', 'read10k-json', 'read100k-json', 'mem100k']
# What an iteration of a shape is, when not one bench_a event on one CPU.
NOTES = {'vars': '2 events', 'chain': '2 events', 'smp-distinct': 'per CPU, 2 CPUs',
         'smp-shared': 'per CPU, 2 CPUs'}
NOTES.update({s: 'one write(2), 2 events' for s in SHAPES if s.startswith('sys-')})
# The outside bench of issue 43 took the floor (sys-floor's hit above
# sys-off's) off once per event that carries a trigger of the shape.
SYS_EVENTS = {'sys-pid': 1, 'sys-stack': 1, 'sys-vars': 2, 'sys-chain': 3}


def read_meta(path):
    meta = {}
    with open(path) as f:
        for line in f:
            parts = line.rstrip('\n').split('\t')
            if parts[0] in ('boot', 'kernel'):
                meta.setdefault(parts[0], []).append(parts[1:])
            else:
                meta[parts[0]] = parts[1:]
    return meta


def read_raw(path, stat):
    """{(side, name): {round: {variant: value}}} and the units of extras.
    A measurement's value is its figure STAT (p10, p50 or mean), the mean
    of its slices."""
    data, units = {}, {}
    col = {'p10': 5, 'p50': 6, 'mean': 7}[stat]
    with open(path) as f:
        for line in f:
            parts = line.rstrip('\n').split('\t')
            if len(parts) < 7:
                continue
            rnd, side, kind, name, variant = parts[:5]
            value = parts[col] if kind == 'M' and len(parts) >= 9 else parts[5]
            try:
                v = float(value)
            except ValueError:
                continue
            data.setdefault((side, name), {}).setdefault(int(rnd), {}) \
                .setdefault(variant, []).append(v)
            if kind == 'X':
                units[name] = parts[6]
    # The slices of a variant in one boot: their mean.
    for rounds in data.values():
        for variants in rounds.values():
            for variant, vals in variants.items():
                variants[variant] = statistics.mean(vals)
    return data, units


def spread_pct(vals, med):
    if len(vals) < 2 or med == 0:
        return None
    return (max(vals) - min(vals)) / 2 / abs(med) * 100


def summarize(rounds, key):
    """Median and spread of rounds[r][key] (key 'own': hit - miss)."""
    vals = {}
    for r, v in rounds.items():
        if key == 'own':
            if 'hit' in v and 'miss' in v:
                vals[r] = v['hit'] - v['miss']
        elif key in v:
            vals[r] = v[key]
    if not vals:
        return None, None, {}
    med = statistics.median(vals.values())
    return med, spread_pct(list(vals.values()), med), vals


def ratio(a, b):
    if a is None or b is None or a <= 0 or b <= 0:
        return None
    return a / b


def csv_value(col, v):
    if v is None:
        return ''
    if not isinstance(v, float):
        return v
    return f'{v:.3f}' if col.startswith('ratio') else f'{v:.1f}'


def fmt(v, width, digits=0):
    if v is None:
        return '-'.rjust(width)
    return f'{v:{width}.{digits}f}'


def fmt_pct(p):
    return '      ' if p is None else f'{p:5.0f}%'


def main():
    run = sys.argv[1]
    meta = read_meta(os.path.join(run, 'meta.txt'))
    stat = meta.get('stat', ['p10'])[0]
    data, units = read_raw(os.path.join(run, 'raw.tsv'), stat)
    a, b = meta['sides']
    rows, out = [], []

    rounds = meta['rounds'][0]
    out.append(f"make bench: {a} vs {b}, {rounds} round{'' if rounds == '1' else 's'}, "
               f"{meta['seconds'][0]} s a variant in {meta.get('slices', ['1'])[0]} slices, "
               f"qemu {meta['qemu'][0]}, "
               f"{meta['date'][0]}")
    out.append(f"host: {meta['host'][0]}")
    for k in meta.get('kernel', []):
        out.append(f"kernel {k[0]}: {k[1]}, bzImage {k[2]}")
    loads = [float(x[3].split()[1]) for x in meta.get('boot', []) if x[3].startswith('load')]
    if loads:
        out.append(f"host load average (1 min) at the boots: {min(loads):.2f} to {max(loads):.2f}")
    out.append('')
    what = {'p10': 'the 10th percentile of its chunks of 32 iterations',
            'p50': 'the median of its chunks of 32 iterations',
            'mean': 'its whole loop'}[stat]
    if meta.get('clock', ['wall'])[0] == 'icount':
        out += textwrap.wrap(
            'Clock: icount. The guest\'s clock counts its instructions (4 ns '
            'an instruction), not time: a figure / 4 is the instructions an '
            'iteration runs, host noise left out.', 80)
    out += textwrap.wrap(
        'ns an iteration (one bench_a event unless noted, *). A measurement '
        f'gives {what}, averaged over its {meta.get("slices", ["1"])[0]} '
        'slices; the table gives the median over the rounds. event = with '
        'the triggers of the shape; own = that minus the same with the '
        'triggers behind a filter never true (the hist code\'s own cost); '
        '± = half the range of own over the rounds, in % of its median; '
        'range = the lowest and highest own ratio of one round.', 80)
    out.append('')
    # Columns: shape, then per side event, own, ±, then own A/B, its range,
    # event A/B.
    def group(title, width):
        return f' {title} '.center(width, '-')
    out.append(' ' * 14 + group(a, 26) + '  ' + group(b, 26) + '  ' + group(f'{a}/{b}', 28))
    hdr = (f"{'shape':<14}{'event':>10}{'own':>9}{'±':>7}  {'event':>10}{'own':>9}{'±':>7}"
           f"  {'own':>7} {'range':>11}{'event':>9}")
    out.append(hdr)

    for shape in SHAPES:
        if (a, shape) not in data and (b, shape) not in data:
            continue
        row = {'shape': shape, 'iteration': NOTES.get(shape, '1 event'), 'unit': 'ns'}
        own_vals = {}
        for side in (a, b):
            rounds = data.get((side, shape), {})
            ev, ev_sp, _ = summarize(rounds, 'hit')
            base, base_sp, _ = summarize(rounds, 'miss')
            own, own_sp, vals = summarize(rounds, 'own')
            own_vals[side] = vals
            row.update({f'{side}_event': ev, f'{side}_base': base, f'{side}_own': own,
                        f'{side}_own_spread_pct': own_sp,
                        f'{side}_own_min': min(vals.values()) if vals else None,
                        f'{side}_own_max': max(vals.values()) if vals else None,
                        f'{side}_rounds': len(vals)})
        per_round = [ratio(own_vals[a][r], own_vals[b][r])
                     for r in own_vals[a] if r in own_vals[b]]
        per_round = [x for x in per_round if x is not None]
        row['ratio_own'] = ratio(row[f'{a}_own'], row[f'{b}_own'])
        row['ratio_own_min'] = min(per_round) if per_round else None
        row['ratio_own_max'] = max(per_round) if per_round else None
        row['ratio_event'] = ratio(row[f'{a}_event'], row[f'{b}_event'])
        rows.append(row)
        rng = ('-' if row['ratio_own_min'] is None else
               f"{row['ratio_own_min']:.2f}-{row['ratio_own_max']:.2f}")
        name = shape + (' *' if shape in NOTES else '')
        out.append(f"{name:<14}{fmt(row[a + '_event'], 10)}{fmt(row[a + '_own'], 9)} "
                   f"{fmt_pct(row[a + '_own_spread_pct'])}  "
                   f"{fmt(row[b + '_event'], 10)}{fmt(row[b + '_own'], 9)} "
                   f"{fmt_pct(row[b + '_own_spread_pct'])}  "
                   f"{fmt(row['ratio_own'], 7, 2)} {rng:>11}{fmt(row['ratio_event'], 9, 2)}")
    by_note = {}
    for r in rows:
        if r['shape'] in NOTES:
            by_note.setdefault(NOTES[r['shape']], []).append(r['shape'])
    noted = [f'{", ".join(names)}: an iteration is {note}' for note, names in by_note.items()]
    if noted:
        out.append('* ' + '; '.join(noted))

    out += outside_table(data, a, b)

    extra_rows = []
    for name in EXTRAS:
        if (a, name) not in data and (b, name) not in data:
            continue
        row = {'shape': name, 'iteration': '', 'unit': units.get(name, '')}
        for side in (a, b):
            med, sp, vals = summarize(data.get((side, name), {}), '-')
            row.update({f'{side}_event': med, f'{side}_base': None, f'{side}_own': None,
                        f'{side}_own_spread_pct': sp,
                        f'{side}_own_min': min(vals.values()) if vals else None,
                        f'{side}_own_max': max(vals.values()) if vals else None,
                        f'{side}_rounds': len(vals)})
        row['ratio_own'] = None
        row['ratio_event'] = ratio(row[f'{a}_event'], row[f'{b}_event'])
        row['ratio_own_min'] = row['ratio_own_max'] = None
        extra_rows.append(row)
    if extra_rows:
        out.append('')
        out += textwrap.wrap(
            'extras: read100k = ms to read a hist of 100k entries; mem-create '
            'and mem-filled = bytes of MemFree a size=131072 table takes, per '
            'entry, once created and with 100k entries in; create, remove = us '
            'to create and to remove hist:keys=common_pid (median of 10). '
            'Against bpftrace: read10k, read100k = ms to read the hist file of '
            '10^4, 10^5 keys, or for bpftrace to print its map and exit; '
            '-json the hist_json file; mem100k = bytes a key of the 10^5 '
            '(MemFree; bpftrace: its maps\' memlock). '
            'Median over the rounds, ± as above.', 80)
        out.append('')
        out.append(' ' * 14 + group(a, 18) + '  ' + group(b, 18) + '  ' + group(f'{a}/{b}', 9))
        out.append(f"{'extra':<14}{'median':>11}{'±':>7}  {'median':>11}{'±':>7}  {'':>9}  unit")
        for row in extra_rows:
            out.append(f"{row['shape']:<14}{fmt(row[a + '_event'], 11, 1)} "
                       f"{fmt_pct(row[a + '_own_spread_pct'])}  "
                       f"{fmt(row[b + '_event'], 11, 1)} "
                       f"{fmt_pct(row[b + '_own_spread_pct'])}  "
                       f"{fmt(row['ratio_event'], 9, 2)}  {row['unit']}")

    text = '\n'.join(out) + '\n'
    sys.stdout.write(text)
    with open(os.path.join(run, 'table.txt'), 'w') as f:
        f.write(text)

    cols = ['shape', 'iteration', 'unit']
    for side in (a, b):
        cols += [f'{side}_event', f'{side}_base', f'{side}_own', f'{side}_own_min',
                 f'{side}_own_max', f'{side}_own_spread_pct', f'{side}_rounds']
    cols += ['ratio_own', 'ratio_own_min', 'ratio_own_max', 'ratio_event']
    with open(os.path.join(run, 'results.csv'), 'w', newline='') as f:
        wr = csv.writer(f)
        wr.writerow(cols)
        for row in rows + extra_rows:
            wr.writerow([csv_value(c, row.get(c)) for c in cols])
    print(f'    {os.path.join(run, "results.csv")}')
    chart(run, a, b, meta, rows, extra_rows)


def outside_median(data, side, shape, n):
    """The median over the rounds of SHAPE's hit above sys-off's hit, less
    N times the floor (sys-floor's hit above sys-off's) of the same round."""
    off = data.get((side, 'sys-off'), {})
    floor = data.get((side, 'sys-floor'), {})
    vals = [v['hit'] - off[r]['hit'] - n * (floor[r]['hit'] - off[r]['hit'])
            for r, v in data.get((side, shape), {}).items()
            if 'hit' in v and 'hit' in off.get(r, {}) and 'hit' in floor.get(r, {})]
    return statistics.median(vals) if vals else None


def outside_table(data, a, b):
    """The sys-* shapes figured as the outside bench of issue 43 figured
    them: the overhead of a write(2) above the loop with nothing traced,
    the floor taken off once per event that carries a trigger."""
    lines = []
    for shape, n in SYS_EVENTS.items():
        va, vb = (outside_median(data, side, shape, n) for side in (a, b))
        if va is None and vb is None:
            continue
        lines.append(f"{shape:<14}{n:>7}{fmt(va, 12)}{fmt(vb, 12)}"
                     f"{fmt(ratio(va, vb), 12, 2)}")
    if not lines:
        return []
    head = textwrap.wrap(
        'sys-* as issue 43\'s outside bench figures them: ns a write(2) '
        'above sys-off (nothing traced), less the floor (sys-floor above '
        'sys-off) once for each event carrying a trigger; median over the '
        'rounds.', 80)
    return ([''] + head + [''] +
            [f"{'shape':<14}{'events':>7}{a:>12}{b:>12}{a + '/' + b:>12}"] + lines)


def chart(run, a, b, meta, rows, extra_rows):
    """ratios.png: own A/B of each shape with its per-round range, and the
    A/B of each extra, against a line at 1."""
    if not shutil.which('gnuplot'):
        print('    no gnuplot: no chart (apt-get install gnuplot-nox)')
        return
    dat = os.path.join(run, 'ratios.dat')
    n, top = 0, 1.0
    with open(dat, 'w') as f:
        for row in rows:
            if row['ratio_own'] is None:
                continue
            lo = row['ratio_own_min'] or row['ratio_own']
            hi = row['ratio_own_max'] or row['ratio_own']
            f.write(f"{n} \"{row['shape']}\" {row['ratio_own']:.4f} {lo:.4f} {hi:.4f} 0\n")
            top = max(top, hi)
            n += 1
        for row in extra_rows:
            if row['ratio_event'] is None:
                continue
            f.write(f"{n} \"{row['shape']}\" {row['ratio_event']:.4f} "
                    f"{row['ratio_event']:.4f} {row['ratio_event']:.4f} 1\n")
            top = max(top, row['ratio_event'])
            n += 1
    if not n:
        print('    no ratio to draw')
        return
    png = os.path.join(run, 'ratios.png')
    gp = os.path.join(run, 'ratios.gp')
    with open(gp, 'w') as f:
        f.write(f"""set terminal pngcairo size 1000,560 font ",10"
set output '{png}'
set title "hist triggers, {a} / {b}: own cost of each shape (median, bar = per-round range), extras in grey\\n{meta['rounds'][0]} round(s), {meta['seconds'][0]} s a variant, qemu {meta['qemu'][0]}, {meta['date'][0]}"
set ylabel "{a} / {b}"
set style fill solid 0.6 border -1
set boxwidth 0.6
set xtics rotate by -35 nomirror
set grid ytics
set yrange [0:{top * 1.15:.2f}]
set xrange [-0.7:{n - 0.3}]
set key off
plot '{dat}' using 1:($6 == 0 ? $3 : 1/0):xtic(2) with boxes lc rgb "#4477aa", \\
     '' using 1:($6 == 1 ? $3 : 1/0) with boxes lc rgb "#aaaaaa", \\
     '' using 1:($6 == 0 ? $3 : 1/0):4:5 with yerrorbars lc rgb "black" pt 0, \\
     1 with lines lc rgb "#cc3311" lw 2
""")
    r = subprocess.run(['gnuplot', gp], capture_output=True, text=True)
    if r.returncode:
        print('    gnuplot failed: ' + r.stderr.strip())
    else:
        print(f'    {png}')


if __name__ == '__main__':
    main()
