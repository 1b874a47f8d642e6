#!/usr/bin/env python3
"""hot.py FDATA [N]: functions ranked by profile weight = sum of counts of the
branch records that leave or enter them (intra-function branches counted once)."""
import sys, collections


def rank(fdata):
    """Counter of profile weight per function name as BOLT writes it."""
    w = collections.Counter()
    for line in open(fdata):
        f = line.split()
        if len(f) != 8 or f[0] != '1':
            continue
        a, b, c = f[1], f[4], int(f[7])
        w[a] += c
        if b != a and f[3] == '1':
            w[b] += c
    return w


if __name__ == '__main__':
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    for name, c in rank(sys.argv[1]).most_common(n):
        print(name, c)
