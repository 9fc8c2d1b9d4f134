#!/usr/bin/env python3
"""Writes the README's table of primitives and implementations from the
registry's declarations, so that it cannot miss one.

    readme-table.py [--check] [--readme FILE]

Every `lwcx_add_impl(PRIMITIVE NAME ... [ISA ISA] SOURCES ...)` call of
CMakeLists.txt is one implementation; its architecture is its ISA's
(`LWCX_ISA_<isa>_ARCH` in cmake/lwcx_impls.cmake), an implementation without
an ISA is portable C, and one whose sources are under src/bc/device/ runs on a
GPU. The calls inside `foreach` loops are expanded; an `if` that depends on
the loop's variables is decided, one that depends on the build's options
(CUDA found, sanitizers...) counts as taken: the table lists what some build
of some architecture has, whatever this machine builds (`lwcx list` shows
that). The table goes between the README's two marker lines; `--check` fails,
saying how, when the README's table is not what the declarations give.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = ("<!-- readme-table: begin (written by scripts/readme-table.py from CMakeLists.txt's "
         "lwcx_add_impl calls; do not edit) -->")
END = "<!-- readme-table: end -->"
ARCHS = [("x86_64", "x86-64"), ("aarch64", "AArch64"), ("", "portable C"), ("device", "GPU")]

# What each primitive is and what it offers; the implementations come from
# the declarations. A primitive declared without a line here fails the script.
WHAT = {
    "kcc23p4": "2023 contest block cipher (64-bit block and key, 80 rounds): many keys (one a block), ECB, CTR",
    "kcc24p6": "2024 contest AEAD (CTR + GF(2^64) tag, 0..255 bytes): a contest construction, not a safe cipher "
               "(docs/conventions.md)",
    "sparkle": "SPARKLE256/384/512 permutations; Schwaemm128-128, 256-128, 192-192, 256-256 AEAD; "
               "Esch256/384 hash, XOEsch256/384 XOF: one-shot, incremental, batches",
    "present80": "PRESENT-80 (64-bit block, 80-bit key)",
    "present128": "PRESENT-128 (64-bit block, 128-bit key)",
    "gift64": "GIFT-64 (64-bit block, 128-bit key)",
    "gift128": "GIFT-128 (128-bit block, 128-bit key)",
    "pipo128": "PIPO-64/128 (64-bit block, 128-bit key)",
    "pipo256": "PIPO-64/256 (64-bit block, 256-bit key)",
    "aimer": "AIMer v2.1 post-quantum signatures, aimer128f/s, 192f/s, 256f/s: key generation, "
             "signing (detached and attached), verification",
}
BLOCK_CIPHER_SHAPES = "ECB, CTR, many keys, key search"


def commands(text):
    """(name, argument text) of each command, comments dropped."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        m = re.compile(r"([A-Za-z_]\w*)\s*\(").match(text, i)
        if not m:
            i += 1
            continue
        depth, j, quoted = 1, m.end(), False
        args = []
        while j < n and depth:
            ch = text[j]
            if ch == '"' and text[j - 1] != "\\":
                quoted = not quoted
            elif not quoted and ch == "#":
                k = text.find("\n", j)
                j = n if k < 0 else k
                continue
            elif not quoted and ch == "(":
                depth += 1
            elif not quoted and ch == ")":
                depth -= 1
                if not depth:
                    break
            args.append(ch)
            j += 1
        out.append((m.group(1).lower(), "".join(args)))
        i = j + 1
    return out


def words(args, env):
    """The arguments, quotes removed, ${VAR} expanded where VAR is known."""
    out = []
    for w in re.findall(r'"(?:[^"\\]|\\.)*"|[^\s"]+', args):
        w = w[1:-1] if w.startswith('"') else w
        out.append(re.sub(r"\$\{(\w+)\}", lambda m: env.get(m.group(1), m.group(0)), w))
    return out


def condition(ws, env):
    """True, False, or None (depends on the build) for an if() condition."""
    if "(" in ws or ")" in ws:
        sys.exit("readme-table: parentheses in an if() condition are not understood: %s" % " ".join(ws))

    def atom(t):
        if len(t) >= 2 and t[0] == "NOT":
            v = atom(t[1:])
            return None if v is None else not v
        if len(t) == 3 and t[1] in ("STREQUAL", "MATCHES"):
            if t[0] not in env:
                return None
            v = env[t[0]]
            return v == t[2] if t[1] == "STREQUAL" else re.search(t[2], v) is not None
        if not any(w in env for w in t):
            return None  # the build's options and variables
        sys.exit("readme-table: if() condition not understood: %s" % " ".join(t))

    def split(t, op):
        parts, cur = [], []
        for x in t:
            if x == op:
                parts.append(cur)
                cur = []
            else:
                cur.append(x)
        return parts + [cur]

    ors = []
    for o in split(ws, "OR"):
        ands = [atom(a) for a in split(o, "AND")]
        ors.append(False if False in ands else (True if all(a is True for a in ands) else None))
    return True if True in ors else (None if None in ors else False)


def block(cmds, i, openers, closers):
    """Index of the command that closes the block opened at i."""
    depth = 0
    for j in range(i, len(cmds)):
        if cmds[j][0] in openers:
            depth += 1
        elif cmds[j][0] in closers:
            depth -= 1
            if not depth:
                return j
    sys.exit("readme-table: %s() at command %d is not closed" % (cmds[i][0], i))


def run(cmds, env, found):
    i = 0
    while i < len(cmds):
        name, args = cmds[i]
        if name in ("function", "macro"):
            i = block(cmds, i, ("function", "macro"), ("endfunction", "endmacro")) + 1
            continue
        if name == "foreach":
            end = block(cmds, i, ("foreach",), ("endforeach",))
            ws = words(args, env)
            if len(ws) > 1 and ws[1] in ("IN", "RANGE"):
                sys.exit("readme-table: foreach(%s) is not understood" % args)
            for item in ws[1:]:
                run(cmds[i + 1:end], dict(env, **{ws[0]: item}), found)
            i = end + 1
            continue
        if name == "if":
            end = block(cmds, i, ("if",), ("endif",))
            # the branches: (condition words or None for else, first, last)
            branches, depth, start, cond = [], 0, i + 1, words(args, env)
            for j in range(i + 1, end + 1):
                n = cmds[j][0]
                if n == "if":
                    depth += 1
                elif n == "endif" and depth:
                    depth -= 1
                elif not depth and n in ("elseif", "else", "endif"):
                    branches.append((cond, start, j))
                    cond = words(cmds[j][1], env) if n == "elseif" else None
                    start = j + 1
            for cond, first, last in branches:
                v = True if cond is None else condition(cond, env)
                if v is not False:
                    run(cmds[first:last], env, found)
                if v is True:
                    break
            i = end + 1
            continue
        if name == "string":
            ws = words(args, env)
            if ws[:2] == ["REGEX", "REPLACE"] and len(ws) == 6:
                env[ws[4]] = re.sub(ws[2], ws[3].replace("\\", "\\\\"), ws[5])
        elif name == "lwcx_add_impl":
            ws = words(args, env)
            prim, impl = ws[0], ws[1]
            isa = ws[ws.index("ISA") + 1] if "ISA" in ws else ""
            sources = ws[ws.index("SOURCES") + 1:] if "SOURCES" in ws else []
            if "${" in prim + impl:
                sys.exit("readme-table: lwcx_add_impl(%s %s): a variable this script cannot expand" % (prim, impl))
            found.setdefault(prim, [])
            if impl not in [x[0] for x in found[prim]]:
                found[prim].append((impl, isa, sources))
        i += 1


def declared(root):
    """{primitive: [(impl, arch key)]} in the declarations' order."""
    isa_arch = dict(re.findall(r"set\(LWCX_ISA_(\w+)_ARCH\s+(\w+)\)",
                               open(os.path.join(root, "cmake", "lwcx_impls.cmake"), encoding="utf-8").read()))
    found = {}
    run(commands(open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8").read()), {}, found)
    out = {}
    for prim, impls in found.items():
        out[prim] = []
        for impl, isa, sources in impls:
            if any(s.startswith("src/bc/device/") for s in sources):
                arch = "device"
            elif isa:
                if isa not in isa_arch:
                    sys.exit("readme-table: %s %s: ISA %s has no LWCX_ISA_%s_ARCH" % (prim, impl, isa, isa))
                arch = isa_arch[isa]
            else:
                arch = ""
            out[prim].append((impl, arch))
    return out


def block_ciphers(root):
    """The block ciphers (src/bc/ciphers.h's table): they get the family's modes."""
    text = open(os.path.join(root, "src", "bc", "ciphers.h"), encoding="utf-8").read()
    return set(re.findall(r"^\s*X\((\w+),", text, re.M))


def table(decl, bcs):
    missing = [p for p in decl if p not in WHAT]
    if missing:
        sys.exit("readme-table: no description of %s: add it to WHAT in scripts/readme-table.py"
                 % ", ".join(missing))
    lines = ["| primitive | what it is | " + " | ".join(label for _, label in ARCHS) + " |",
             "|---|---|" + "---|" * len(ARCHS)]
    for prim, impls in decl.items():
        what = WHAT[prim]
        if prim in bcs:
            what += ": " + BLOCK_CIPHER_SHAPES
        cells = [", ".join("`%s`" % i for i, a in impls if a == arch) for arch, _ in ARCHS]
        lines.append("| `%s` | %s | %s |" % (prim, what, " | ".join(cells)))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="fail if the README's table differs")
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    ap.add_argument("--root", default=ROOT, help="the source tree whose declarations are read")
    args = ap.parse_args()
    text = open(args.readme, encoding="utf-8").read().split("\n")
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.exit("readme-table: %s needs one pair of marker lines, in order:\n%s\n%s" % (args.readme, BEGIN, END))
    b, e = text.index(BEGIN), text.index(END)
    want = table(declared(args.root), block_ciphers(args.root))
    if args.check:
        have = text[b + 1:e]
        if have != want:
            import difflib
            print("readme-table: the README's table is not what CMakeLists.txt declares "
                  "(run python3 scripts/readme-table.py):")
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(have, want, "README.md", "declared", lineterm=""))
            return 1
        print("readme-table: the README's table lists the %d implementations of %d primitives declared"
              % (sum(len(v) for v in declared(args.root).values()), len(want) - 2))
        return 0
    new = text[:b + 1] + want + text[e:]
    if new != text:
        with open(args.readme, "w", encoding="utf-8") as f:
            f.write("\n".join(new))
        print("readme-table: %s written" % args.readme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
