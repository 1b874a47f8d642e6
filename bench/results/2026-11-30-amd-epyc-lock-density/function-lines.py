#!/usr/bin/env python3
"""function-lines.py A.callgrind B.callgrind FUNC...: distinct 64-byte lines with an executed
instruction, per function (its .cold parts with it), in two callgrind runs made with
--dump-instr=yes (callgrind's name and position compression read), and their sums."""
import collections, re, sys


def num(t, last):
    if t == '*': return last
    if t[0] in '+-':
        v = int(t[1:], 0); return last + v if t[0] == '+' else last - v
    return int(t, 0)
def lines(path):
    names = {}; fn = None; L = collections.defaultdict(set); skip = False; last = 0
    for line in open(path):
        if line.startswith('fn='):
            m = re.match(r'fn=\((\d+)\)(?: (.*))?', line.strip())
            if m.group(2): names[m.group(1)] = m.group(2)
            fn = names[m.group(1)]; continue
        if line.startswith(('cfn=', 'cfi=', 'cob=')):
            m = re.match(r'c\w+=\((\d+)\)(?: (.*))?', line.strip())
            if line.startswith('cfn=') and m and m.group(2): names[m.group(1)] = m.group(2)
            continue
        if line.startswith('calls='): skip = True; continue
        c = line[:1]
        if c in '0123456789+-*':
            t = line.split()[0]; a = num(t, last); last = a
            if skip: skip = False; continue
            if fn: L[fn.split('.cold')[0]].add(a >> 6)
    return L
a = lines(sys.argv[1]); b = lines(sys.argv[2]); fs = sys.argv[3:]
ta = tb = 0
for f in fs:
    print(f"{len(a.get(f, ())):5d} {len(b.get(f, ())):5d} {f}"); ta += len(a.get(f, ())); tb += len(b.get(f, ()))
print(ta, tb)
