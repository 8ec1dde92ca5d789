#!/usr/bin/env python3
# fill.py TEMPLATE OUTPUT: copy TEMPLATE to OUTPUT, replacing every line
#
#     .. example:: NAME
#
# by the block NAME of out/*.out (see run-examples), indented by four
# blanks: the text that follows a "::" paragraph in the template.
# A line "  .. example:: NAME head=N tail=N" keeps that many lines.
import glob, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
blocks = {}
for path in sorted(glob.glob(os.path.join(here, 'out', '*.out'))):
    name = None
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        if line.startswith('@@EX '):
            name = line[5:].strip()
            blocks[name] = []
        elif line == '@@END':
            name = None
        elif name:
            blocks[name].append(line)

out = []
missing = []
for line in open(sys.argv[1], encoding='utf-8'):
    m = re.match(r'^(\s*)\.\. example:: (\S+)\s*$', line)
    if not m:
        out.append(line)
        continue
    ind, name = m.group(1), m.group(2)
    if name not in blocks:
        missing.append(name)
        out.append(line)
        continue
    for b in blocks[name]:
        b = b.expandtabs(8).rstrip()
        out.append((ind + '    ' + b).rstrip() + '\n' if b else '\n')
open(sys.argv[2], 'w', encoding='utf-8').write(''.join(out))
if missing:
    sys.exit('missing blocks: ' + ' '.join(missing))
