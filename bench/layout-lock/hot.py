#!/usr/bin/env python3
"""hot.py FDATA [N]: functions ranked by profile weight = sum of counts of the
branch records that leave or enter them (intra-function branches counted once)."""
import sys, collections
w = collections.Counter()
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) != 8 or f[0] != '1':
        continue
    a, b, c = f[1], f[4], int(f[7])
    w[a] += c
    if b != a and f[3] == '1':
        w[b] += c
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
for name, c in w.most_common(n):
    print(name, c)
