#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""gcov_lines.py - line coverage of our kernel files over a make check run
of a kernel built with gcov on our objects (the kcsan flavour,
harness/config/kcsan.config).

    gcov_lines.py OBJ SRCDIR OUTDIR CONSOLE...

Each guest ends its run by printing the .gcda files of our objects as "@@G "
lines (a gzipped tar in base64, harness/guest/check.sh); CONSOLE are the
guests' console logs. The archives are unpacked into OUTDIR/guest-N, the
counts of the guests added up (gcov-tool merge), and gcov, given the .gcno
files of OBJ/kernel/trace, tells which lines ran. A line of a header
counts once, run if any object ran it. Prints a table of the files of
SRCDIR (our kernel/trace, .c and .h), lines run of lines with code, and
writes OUTDIR/unrun.txt: each file's lines that no test ran.
"""

import base64
import glob
import gzip
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile


def unpack(console, dest):
    """The archive a guest printed into its console, unpacked into dest."""
    with open(console, 'rb') as f:
        text = f.read().decode('utf-8', 'replace')
    b64 = ''.join(line[4:].strip() for line in text.replace('\r', '').split('\n')
                  if line.startswith('@@G '))
    if not b64:
        return False
    data = gzip.decompress(base64.b64decode(b64))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter='data')
    return True


def merged(dirs, out):
    """The counts of all dirs added up, in out (gcov-tool merges two)."""
    shutil.copytree(dirs[0], out)
    for d in dirs[1:]:
        subprocess.run(['gcov-tool', 'merge', '-o', out, out, d], check=True,
                       stdout=subprocess.DEVNULL)
    return out


def line_counts(gcda_dir, obj, names):
    """{source basename: {line: count}} over every object of names."""
    lines = {}
    for name in names:
        gcda = glob.glob(os.path.join(gcda_dir, '**', name + '.gcda'), recursive=True)
        gcno = os.path.join(obj, 'kernel/trace', name + '.gcno')
        if not gcda or not os.path.exists(gcno):
            continue
        d = os.path.dirname(gcda[0])
        shutil.copy(gcno, d)
        res = subprocess.run(['gcov', '--json-format', '--stdout', '-o', d,
                              name + '.c'], cwd=d, capture_output=True,
                             text=True, check=True)
        for doc in res.stdout.splitlines():
            for f in json.loads(doc)['files']:
                per = lines.setdefault(os.path.basename(f['file']), {})
                for ln in f['lines']:
                    n = ln['line_number']
                    per[n] = per.get(n, 0) + ln['count']
    return lines


def main():
    obj, srcdir, outdir = sys.argv[1:4]
    consoles = sys.argv[4:]
    shutil.rmtree(outdir, ignore_errors=True)
    dirs = []
    for i, c in enumerate(consoles):
        d = os.path.join(outdir, 'guest-%d' % (i + 1))
        if unpack(c, d):
            dirs.append(d)
    if not dirs:
        print('    no gcov data in the consoles')
        return 1
    total = merged(dirs, os.path.join(outdir, 'merged'))
    ours = sorted(os.listdir(srcdir))
    names = [f[:-2] for f in ours if f.endswith('.c')]
    lines = line_counts(total, obj, names)
    run_all = code_all = 0
    with open(os.path.join(outdir, 'unrun.txt'), 'w') as unrun:
        print('    %-28s %6s %6s %7s' % ('file', 'lines', 'run', 'share'))
        for f in ours:
            per = lines.get(f)
            if not per:
                print('    %-28s %6s' % (f, '-'))
                continue
            run = sum(1 for n in per.values() if n)
            run_all += run
            code_all += len(per)
            print('    %-28s %6d %6d %6.1f%%' % (f, len(per), run, 100.0 * run / len(per)))
            missed = sorted(n for n, c in per.items() if not c)
            unrun.write('%s: %s\n' % (f, ' '.join(map(str, missed))))
    print('    %-28s %6d %6d %6.1f%%' % ('all', code_all, run_all,
                                          100.0 * run_all / max(code_all, 1)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
