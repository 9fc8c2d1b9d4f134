"""The table generators' last step: write the header, or with --check only
compare it with what would be written (the generators' CTests)."""
import sys


def write_or_check(path, lines):
    text = '\n'.join(lines) + '\n'
    if '--check' in sys.argv:
        with open(path) as f:
            same = f.read() == text
        print(path + (' is what this script writes' if same else ' differs from what this script writes: run it'))
        sys.exit(0 if same else 1)
    with open(path, 'w') as f:
        f.write(text)
    print(path + ' written')
