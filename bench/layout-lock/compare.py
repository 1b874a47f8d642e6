#!/usr/bin/env python3
"""compare.py FDATA N A1 A2 [B1 B2 ...]: for the N hottest functions of FDATA (hot.py ranking;
BOLT's 'name/1' suffix of local symbols stripped), how many keep their exact address and their
address mod 64 from A1 to A2, B1 to B2, ... Prints one CSV row per function and a summary."""
import sys, subprocess, collections, re
from hot import rank
fdata, n, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
w = rank(fdata)
def base(s): return re.sub(r'/\d+$', '', s)
hot = [base(k) for k, _ in w.most_common(n)]
def addrs(path):
    d = collections.defaultdict(list)
    out = subprocess.run(['llvm-nm-22', '--defined-only', path], capture_output=True, text=True, check=True).stdout
    for l in out.splitlines():
        p = l.split()
        if len(p) == 3 and p[1] in 'tT':
            d[p[2]].append(int(p[0], 16))
    return d
A = [addrs(b) for b in bins]
print('pair,function,rank,addr_a,addr_b,same_addr,same_mod64')
summ = []
for i in range(0, len(bins), 2):
    sa = sm = 0
    for r, fn in enumerate(hot, 1):
        xa, xb = A[i].get(fn, [None]), A[i+1].get(fn, [None])
        a, b = (xa[0] if len(xa) == 1 else None), (xb[0] if len(xb) == 1 else None)
        s = a is not None and a == b
        m = a is not None and b is not None and a % 64 == b % 64
        sa += s; sm += m
        print(f'{bins[i]}->{bins[i+1]},{fn},{r},{hex(a) if a else ""},{hex(b) if b else ""},{int(s)},{int(m)}')
    summ.append(f'# {bins[i]} -> {bins[i+1]}: same address {sa}/{len(hot)}, same address mod 64 {sm}/{len(hot)}')
print('\n'.join(summ))
