#!/usr/bin/env python3
"""judges-agree.py CHECK.json CALLGRIND.json: do `hotlayout check --json` and
bench/common/callgrind_loops.py report --json name the same hot loops (function +
offset of the loop start in it) with the same verdict (a tight loop that straddles or
not) and the same hot bytes? Prints one line per loop of each judge, then AGREE (exit 0) or DISAGREE with
the differences (exit 1)."""
import json
import sys


def from_check(doc):
    return {(l['function'], l['function_offset']): (l['straddles'], l['hot_bytes'])
            for l in doc['loops']}


def from_callgrind(doc):
    return {(l['function'], l['offset_in_function']): (l['extra'] > 0 and l['tight'],
                                                       l['hot_bytes'])
            for l in doc['loops']}


def show(name, loops):
    for (f, off), (straddles, hot) in sorted(loops.items()):
        print(f"{name}: {f}+{off:#x} hot bytes {hot} {'STRADDLES' if straddles else 'fits'}")


def main():
    check = from_check(json.load(open(sys.argv[1])))
    cg = from_callgrind(json.load(open(sys.argv[2])))
    show('check', check)
    show('callgrind', cg)
    diff = sorted(set(check.items()) ^ set(cg.items()))
    if diff:
        print('DISAGREE: ' + ', '.join(f'{f}+{o:#x}' for (f, o), _ in diff))
        return 1
    tight = sum(l['tight'] for l in json.load(open(sys.argv[1]))['loops'])
    print(f'AGREE: {len(check)} hot loops, {tight} tight, '
          f'{sum(s for s, _ in check.values())} straddle')
    return 0


if __name__ == '__main__':
    sys.exit(main())
