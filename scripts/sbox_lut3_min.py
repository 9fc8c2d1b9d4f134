#!/usr/bin/env python3
"""The least number of three-input operations (vpternlogd, LOP3) for the
bitsliced S-boxes of the AVX-512 kernels, found by a SAT solver.

A circuit here: G key-free gates, each any function of three earlier
signals (the S-box inputs, the pending values, earlier gates), then one gate
for each output that takes a round-key word: that key and any function of
two signals. The outputs without a key must be gates themselves (a NOT is
free: the consumer's truth table takes it). Where a key enters earlier, the
gate that takes it serves that output only, so this shape is where the
fewest gates are. For each shape the script asks for the kernel's G
key-free gates and for G - 1, and prints whether such circuits exist:

  present        PRESENT's S-box, the next round key on all four outputs
                 (present/bs_core.tmpl.h: 9 = 5 + 4)
  gift128        GIFT's S-box with slice 3's constant pending on input 3, keys
                 on outputs 1 and 2 (gift/slices512.c: 8 = 6 + 2)
  gift128-u      as gift128, slice 2's key also left pending on input 2 for
                 the next round (8 = 7 + 1 again: no 7)
  gift64         GIFT's S-box, keys on outputs 0 and 1 (gift/groups512.c: 7)

Needs python-sat (pip install python-sat); not run by the tests. About a
minute and a half for all four on one core.
"""
import itertools
import sys
import time

from pysat.solvers import Cadical153

PRESENT = [0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2]
GIFT = [1, 0xA, 4, 0xC, 6, 0xF, 3, 9, 2, 0xD, 0xB, 7, 5, 0, 8, 0xE]

# name: (S-box, inputs arriving with a pending XOR, outputs taking a key, the kernel's key-free gates)
SHAPES = {
    "present": (PRESENT, [], [0, 1, 2, 3], 5),
    "gift128": (GIFT, [3], [1, 2], 6),
    "gift128-u": (GIFT, [3, 2], [1], 7),
    "gift64": (GIFT, [], [0, 1], 5),
}


def exists(sbox, pending, keyed, gates):
    """Whether `gates` key-free gates and one keyed gate per output in keyed
    compute the S-box on inputs x0..x3 (bit 0 first) plus the pending
    values, input i being x_i ^ its pending value."""
    n_in = 4 + len(pending)
    rows = 1 << n_in

    def sbox_out(t, i):
        x = t & 15
        for j, p in enumerate(pending):
            x ^= ((t >> (4 + j)) & 1) << p
        return (sbox[x] >> i) & 1

    n_sig = n_in + gates
    clauses = []
    top = [0]

    def var():
        top[0] += 1
        return top[0]

    value = {(s, t): var() for s in range(n_in, n_sig) for t in range(rows)}

    def is_(s, t, bit):
        """The literal 'signal s is bit in row t', or a constant"""
        if s < n_in:
            return ((t >> s) & 1) == bit
        return value[s, t] if bit else -value[s, t]

    def add(clause):
        lits = []
        for lit in clause:
            if lit is True:
                return
            if lit is not False:
                lits.append(lit)
        clauses.append(lits)

    def one_of(choices):
        add(choices)
        for a, b in itertools.combinations(choices, 2):
            add([-a, -b])

    def when_inputs(chosen, sources, t, bits):
        """-chosen and the negations of 'source is bit' (None: cannot hold)"""
        clause = [-chosen]
        for s, b in zip(sources, bits):
            lit = is_(s, t, b)
            if lit is False:
                return None
            if lit is not True:
                clause.append(-lit)
        return clause

    for g in range(n_in, n_sig):
        table = [var() for _ in range(8)]
        triples = list(itertools.combinations(range(g), 3))
        chosen = [var() for _ in triples]
        one_of(chosen)
        for c, triple in zip(chosen, triples):
            for t in range(rows):
                for e in range(8):
                    pre = when_inputs(c, triple, t, ((e >> 2) & 1, (e >> 1) & 1, e & 1))
                    if pre is not None:
                        add(pre + [-value[g, t], table[e]])
                        add(pre + [value[g, t], -table[e]])
    for i in range(4):
        if i in keyed:  # the key's gate: the key and a function of two signals
            table = [var() for _ in range(4)]
            pairs = list(itertools.combinations(range(n_sig), 2))
            chosen = [var() for _ in pairs]
            one_of(chosen)
            for c, pair in zip(chosen, pairs):
                for t in range(rows):
                    for e in range(4):
                        pre = when_inputs(c, pair, t, ((e >> 1) & 1, e & 1))
                        if pre is not None:
                            add(pre + [table[e] if sbox_out(t, i) else -table[e]])
        else:  # a gate, perhaps complemented
            chosen = [var() for _ in range(n_in, n_sig)]
            flip = var()
            one_of(chosen)
            for c, g in zip(chosen, range(n_in, n_sig)):
                for t in range(rows):
                    v = value[g, t] if sbox_out(t, i) else -value[g, t]
                    add([-c, flip, v])
                    add([-c, -flip, -v])
    with Cadical153(bootstrap_with=clauses) as solver:
        return solver.solve()


def main():
    names = sys.argv[1:] or list(SHAPES)
    for name in names:
        sbox, pending, keyed, kernel = SHAPES[name]
        for gates in (kernel, kernel - 1):
            start = time.time()
            found = exists(sbox, pending, keyed, gates)
            print(f"{name:10} {gates} key-free + {len(keyed)} keyed = {gates + len(keyed)} operations: "
                  f"{'exists' if found else 'none'} ({time.time() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
