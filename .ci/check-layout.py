#!/usr/bin/env python3
"""The layout promises of docs/design/layout.md: every folder under src/ is on
the map, none holds more than 25 files, every template (*.tmpl.h) opens with
its contract, and every source file a comment under src/ names exists.
Usage: check-layout.py [SOURCE_DIR]"""
import os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
os.chdir(root)
fail = []
layout = open('docs/design/layout.md').read()
files = []
for d, subdirs, names in os.walk('src'):
    subdirs.sort()
    if '`%s/`' % d not in layout:
        fail.append('%s/ is not on the map (docs/design/layout.md)' % d)
    if len(names) > 25:
        fail.append('%s/ holds %d files (at most 25)' % (d, len(names)))
    files += [os.path.join(d, n) for n in names]

contract = re.compile(r'\A/\* Template: .*\n(?: \*.*\n)*? \* Includer defines first: .*\n(?: \*.*\n)*? \* Defines: ')
for f in files:
    if f.endswith('.tmpl.h') and not contract.match(open(f).read()):
        fail.append('%s: no contract comment (Template / Includer defines first / Defines)' % f)

# every path in the repository, for the names comments use (a bare name, or a
# path relative to any folder: gift/bs_core.tmpl.h, src/bc/modes.c)
known = set()
for d, subdirs, names in os.walk('.'):
    subdirs[:] = [s for s in subdirs if not s.startswith('.git') and not s.startswith('build')]
    for n in names:
        parts = os.path.normpath(os.path.join(d, n)).split(os.sep)
        for i in range(len(parts)):
            known.add('/'.join(parts[i:]))
# named in comments but made elsewhere: by CMake (generated/), by the CUDA toolkit
known |= {'lwcx_impls.h', 'cuda.h'}
comment = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
name = re.compile(r'(?<![\w./<-])((?:[\w-]+/)*[\w-]+\.(?:tmpl\.h|c|h|cu|cl|inc|S))(?![\w>])')
mentions = 0
for f in files:
    if not re.search(r'\.(c|h|cu|cl|S)$', f):
        continue
    text = open(f, errors='replace').read()
    for m in comment.finditer(text):
        for n in name.findall(m.group(0)):
            mentions += 1
            if n not in known:
                line = text.count('\n', 0, m.start()) + 1 + m.group(0)[:m.group(0).find(n)].count('\n')
                fail.append('%s:%d: names %s, which does not exist' % (f, line, n))
for msg in fail:
    print('FAIL:', msg)
print('%d folders on the map, %d files, %d file names in comments checked' %
      (sum(1 for _ in os.walk('src')), len(files), mentions))
sys.exit(1 if fail else 0)
