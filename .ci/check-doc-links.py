#!/usr/bin/env python3
"""Links into the documentation resolve: every relative link of README.md and
docs/**/*.md names a file that exists and, with a #fragment into a Markdown
file, a heading of that file (GitHub's anchors); and every docs/....md path
that the sources, CMake files and Markdown name exists. Documents get moved
and split; this keeps the references with them.

Usage: check-doc-links.py [SOURCE_DIR]"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
os.chdir(root)

md_files = ['README.md']
for d, subdirs, names in os.walk('docs'):
    md_files += [os.path.join(d, n) for n in sorted(names) if n.endswith('.md')]


def anchors(path):
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to
    hyphens, repeats numbered."""
    seen, out, fence = {}, set(), False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            fence = not fence
        m = None if fence else re.match(r'#{1,6}\s+(.*?)\s*#*\s*$', line)
        if not m:
            continue
        slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower()).replace(' ', '-')
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else '%s-%d' % (slug, n))
    return out


fail = []
link = re.compile(r'\[[^\]]*\]\(([^)\s]+)\)')
links = 0
for f in md_files:
    fence = False
    for no, line in enumerate(open(f, encoding='utf-8'), 1):
        if line.startswith('```'):
            fence = not fence
        if fence:
            continue
        for target in link.findall(line):
            if re.match(r'[a-z]+:', target):
                continue
            links += 1
            path, _, frag = target.partition('#')
            dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
            if not os.path.exists(dest):
                fail.append('%s:%d: %s: no such file' % (f, no, target))
            elif frag and dest.endswith('.md') and frag not in anchors(dest):
                fail.append('%s:%d: %s: no such heading in %s' % (f, no, target, dest))

# docs/....md named anywhere in the sources, the build and the documents
named = re.compile(r'(?<![\w/.-])(docs/[\w/.-]*\.md)')
places = md_files + ['CMakeLists.txt']
for top in ('src', 'cli', 'provider', 'bench', 'cmake', 'python', 'kat', 'tests'):
    for d, subdirs, names in os.walk(top):
        places += [os.path.join(d, n) for n in names
                   if re.search(r'\.(c|h|cu|cl|S|py|sh|cmake|txt|md|1)$', n)]
paths = 0
for f in places:
    try:
        text = open(f, encoding='utf-8').read()
    except (UnicodeDecodeError, OSError):
        continue
    for m in named.finditer(text):
        paths += 1
        if not os.path.exists(m.group(1)):
            no = text.count('\n', 0, m.start()) + 1
            fail.append('%s:%d: names %s, which does not exist' % (f, no, m.group(1)))

print('%d Markdown files, %d links, %d docs/ paths named checked' % (len(md_files), links, paths))
for line in fail:
    print('FAIL: ' + line)
sys.exit(1 if fail else 0)
