#!/usr/bin/env python3
"""function-gaps.py BINARY [SECTION]: the largest gap between one function's end and the
next one's start inside SECTION (default .text), from llvm-readelf -S and llvm-nm -n -S
(the LLVM tools on PATH). Prints `largest gap N bytes between F and G in SECTION`:
apply's packing tests."""
import subprocess
import sys


def tool(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


binary = sys.argv[1]
section = sys.argv[2] if len(sys.argv) > 2 else '.text'
lo = hi = None
for line in tool('llvm-readelf', '-SW', binary).splitlines():
    f = line.replace('[ ', '[').split()
    if len(f) > 5 and f[1] == section:
        lo = int(f[3], 16)
        hi = lo + int(f[5], 16)
if lo is None:
    sys.exit(f'function-gaps.py: {binary} has no {section}')
funcs = []
for line in tool('llvm-nm', '-n', '-S', '--defined-only', binary).splitlines():
    f = line.split()
    if len(f) == 4 and f[2] in 'tT' and lo <= int(f[0], 16) < hi:
        funcs.append((int(f[0], 16), int(f[1], 16), f[3]))
best = None
for (s0, z0, n0), (s1, _, n1) in zip(funcs, funcs[1:]):
    if best is None or s1 - (s0 + z0) > best[0]:
        best = (s1 - (s0 + z0), n0, n1)
print(f'largest gap {best[0]} bytes between {best[1]} and {best[2]} in {section}'
      if best else f'fewer than 2 functions in {section}')
