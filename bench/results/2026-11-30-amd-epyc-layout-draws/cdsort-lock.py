#!/usr/bin/env python3
"""cdsort-lock.py LOCK FUNCS SLACK > LOCK2: LOCK's functions re-laid in the order of FUNCS (the
recipe's `hotlayout loops --function-order`, cache-directed sort), each reservation its shift,
its size and SLACK % of it rounded up to the 64-byte line, as plan reserves; functions FUNCS does
not name go last. The experiment of README.md, not a hotlayout feature."""
import json
import sys

lock = json.load(open(sys.argv[1]))
rank = {n.strip(): i for i, n in enumerate(open(sys.argv[2])) if n.strip()}
slack = float(sys.argv[3])
funcs = sorted(lock['functions'], key=lambda f: rank.get(f['name'], len(rank)))
offset = 0
for f in funcs:
    f['offset'] = offset
    f['reserved'] = (f['shift'] + int(f['size'] * (1 + slack / 100)) + 63) // 64 * 64
    offset += f['reserved']
lock['functions'], lock['hot_text_size'] = funcs, offset
json.dump(lock, sys.stdout, indent=1)
