#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""promcheck.py PROMPORT PORT1 PHASES1 PORT2 PHASES2 [CAFILE USER PASSWORD]

The checks of the exporter:prometheus unit (harness/exporter/README.md),
against the Prometheus on 127.0.0.1:PROMPORT that scrapes the two guests'
exporters (host ports PORT1 and PORT2, labels guest="1" and guest="2").
PHASESk is what guest k's workload wrote ("N:SIZE N:SIZE,..."): every
expected answer is computed from it. With CAFILE, guest 1's exporter is
read over HTTPS (its certificate checked against CAFILE) as USER. Prints what it checked; the last line
says what passed, or what failed (exit status 1).
"""
import base64
import json
import ssl
import subprocess
import sys
import time
import urllib.parse
import urllib.request

PROM = 'http://127.0.0.1:%s' % sys.argv[1]
GUESTS = {'1': (sys.argv[2], sys.argv[3]), '2': (sys.argv[4], sys.argv[5])}
TLS = sys.argv[6:9]
failures = []
# The workload's comm in the guests (harness/guest/exporter.sh): not ASCII.
COMM = 'w\u00f6rkload'


def writes(phases):
    """[(count, size)] of a guest's workload."""
    out = []
    for item in phases.replace(',', ' ').split():
        n, size = item.split(':')
        out.append((int(n), int(size)))
    return out


def log2_edge(size):
    """The upper edge of .log2's bucket of size: the power of two >= it."""
    e = 1
    while e < size:
        e *= 2
    return e


def expected(phases):
    w = writes(phases)
    buckets = {}
    for n, size in w:
        buckets[log2_edge(size)] = buckets.get(log2_edge(size), 0) + n
    return {'count': sum(n for n, _ in w), 'sum': sum(n * s for n, s in w),
            'min': min(s for _, s in w), 'max': max(s for _, s in w),
            'buckets': buckets}


def query(q):
    url = PROM + '/api/v1/query?' + urllib.parse.urlencode({'query': q})
    with urllib.request.urlopen(url, timeout=10) as r:
        doc = json.load(r)
    if doc.get('status') != 'success':
        raise RuntimeError('%s: %s' % (q, doc))
    return doc['data']['result']


def by(q, label):
    """{label value: float value} of an instant vector."""
    return {s['metric'].get(label, ''): float(s['value'][1]) for s in query(q)}


def check(what, got, want):
    ok = got == want
    print('%-4s %s: %s%s' % ('ok' if ok else 'FAIL', what, got,
                              '' if ok else ' (expected %s)' % want))
    if not ok:
        failures.append(what)


def wait_final(exp):
    """Until both guests' last scrape shows the whole workload."""
    want = {g: float(e['count']) for g, e in exp.items()}
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if by('hx_write_bytes_count', 'guest') == want:
                return True
        except OSError:
            pass
        time.sleep(1)
    return False


def main():
    exp = {g: expected(p) for g, (_, p) in GUESTS.items()}
    if not wait_final(exp):
        print('FAIL the scrapes never showed the whole workload: %s' %
              by('hx_write_bytes_count', 'guest'))
        print('prometheus never saw both workloads complete')
        return 1
    check('up', by('up', 'guest'), {'1': 1.0, '2': 1.0})
    # Per instance.
    for g, e in exp.items():
        sel = '{guest="%s"}' % g
        cum, buckets = 0, {}
        for edge in sorted(e['buckets']):
            cum += e['buckets'][edge]
            buckets[str(edge)] = float(cum)
        buckets['+Inf'] = float(cum)
        check('guest %s hx_write_bytes_bucket by le' % g,
              by('hx_write_bytes_bucket' + sel, 'le'), buckets)
        check('guest %s hx_write_bytes_sum' % g,
              by('hx_write_bytes_sum' + sel, 'guest'), {g: float(e['sum'])})
        check('guest %s hx_writes_total by comm' % g,
              by('hx_writes_total' + sel, 'comm'), {COMM: float(e['count'])})
        check('guest %s hx_writes_count_total' % g,
              by('hx_writes_count_total' + sel, 'comm'), {COMM: float(e['sum'])})
        for stat in ('min', 'max'):
            check('guest %s hx_writes_count_%s' % (g, stat),
                  by('hx_writes_count_%s%s' % (stat, sel), 'comm'),
                  {COMM: float(e[stat])})
        avg = by('hx_writes_count_avg' + sel, 'comm')
        check('guest %s hx_writes_count_avg (integer part)' % g,
              {k: int(v) for k, v in avg.items()}, {COMM: e['sum'] // e['count']})
        check('guest %s hx_write_bytes_entries, _dropped_total' % g,
              (by('hx_write_bytes_entries' + sel, 'guest'),
               by('hx_write_bytes_dropped_total' + sel, 'guest')),
              ({g: float(len(e['buckets']))}, {g: 0.0}))
    # Summed over both.
    total = {}
    for e in exp.values():
        for edge, n in e['buckets'].items():
            total[edge] = total.get(edge, 0) + n
    cum, want = 0, {}
    for edge in sorted(total):
        cum += total[edge]
        want[str(edge)] = float(cum)
    want['+Inf'] = float(cum)
    q = 'sum by (le) (hx_write_bytes_bucket)'
    answer = query(q)
    print('     %s -> %s' % (q, json.dumps(answer, sort_keys=True)))
    check(q, by(q, 'le'), want)
    check('sum(hx_writes_total)', by('sum(hx_writes_total)', ''), {'': float(cum)})
    # histogram_quantile() in the bucket the quantile's rank falls into.
    edges = sorted(total)
    for phi in (0.5, 0.9, 0.99):
        rank, c, lo, hi = phi * cum, 0, 0, None
        for edge in edges:
            if c + total[edge] >= rank:
                hi = edge
                break
            c += total[edge]
            lo = edge
        got = by('histogram_quantile(%s, %s)' % (phi, q), '')['']
        check('histogram_quantile(%s) = %.1f within (%d, %d]' % (phi, got, lo, hi),
              lo < got <= hi, True)
    # Counters never went down; the scrapes saw them grow.
    for name in ('hx_write_bytes_bucket', 'hx_write_bytes_count', 'hx_write_bytes_sum',
                 'hx_write_bytes_dropped_total', 'hx_writes_total', 'hx_writes_count_total'):
        check('resets(%s[10m]), summed' % name, by('sum(resets(%s[10m]))' % name, ''),
              {'': 0.0})
    changes = by('changes(hx_write_bytes_count[10m])', 'guest')
    check('hx_write_bytes_count grew between scrapes',
          {g: v >= 1 for g, v in changes.items()}, {'1': True, '2': True})
    scrapes = by('count_over_time(hx_write_bytes_count[10m])', 'guest')
    print('     scrapes of each guest in Prometheus: %s' % scrapes)
    # promtool on the text format each exporter serves.
    for g, (port, _) in GUESTS.items():
        req = urllib.request.Request('http://127.0.0.1:%s/metrics' % port)
        ctx = None
        if g == '1' and TLS:
            req = urllib.request.Request('https://127.0.0.1:%s/metrics' % port)
            req.add_header('Authorization', 'Basic ' + base64.b64encode(
                ('%s:%s' % (TLS[1], TLS[2])).encode()).decode())
            ctx = ssl.create_default_context(cafile=TLS[0])
        with urllib.request.urlopen(req, timeout=10, context=ctx) as r:
            text = r.read()
            ctype = r.headers['Content-Type']
        p = subprocess.run(['promtool', 'check', 'metrics'], input=text,
                           capture_output=True)
        check('guest %s: promtool check metrics (%s, %d bytes) %s' %
              (g, ctype, len(text), (p.stdout + p.stderr).decode().strip() or 'clean'),
              p.returncode, 0)
    if failures:
        print('failed: ' + '; '.join(failures))
        return 1
    print('exact per guest and summed, quantiles in their buckets, no reset, promtool clean')
    return 0


if __name__ == '__main__':
    sys.exit(main())
