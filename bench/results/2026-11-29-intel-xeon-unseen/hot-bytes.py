#!/usr/bin/env python3
"""hot-bytes.py PW: where the hot lines of a bench/aligned-lock program go.

PW: a program's WORK directory after run.sh (in, in.apply, in.bolt, their callgrind runs
cg-BIN/cg.*, in.lock). For each binary: the 64-byte lines its own code ran in (all, and
the fewest lines that hold 99 % of the instructions run); then, over the functions the
lock names (their fragments in in.bolt), the bytes of instructions that ran (nops among
them), and the bytes that did not run, inside a function's hot region (before its last
byte that ran) and after it (its cold tail). Instructions by llvm-objdump; counts by
bench/common/callgrind_loops.py.
"""
import collections, glob, json, os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../common'))
import callgrind_loops as cl

NOP = re.compile(r'(nop|data16|cs nop)')


def instructions(binary, start, end):
    """(address, size, text) of each instruction in [start, end)."""
    out = subprocess.run(['llvm-objdump-22', '-d', '--start-address=%d' % start,
                          '--stop-address=%d' % end, binary],
                         capture_output=True, text=True, check=True).stdout
    insts = []
    for line in out.splitlines():
        m = re.match(r'\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*(.*)', line)
        if m:
            insts.append((int(m.group(1), 16), len(m.group(2).split()), m.group(3)))
    return insts


def report(pw, name, locked):
    binary = os.path.join(pw, name)
    funcs = cl.read_functions(binary)
    counts = cl.load_counts(binary, sorted(glob.glob(os.path.join(pw, 'cg-' + name, 'cg.*'))), funcs)
    ran = counts.exec
    lines = collections.Counter()
    for a, n in ran.items():
        lines[a // 64] += n
    total, acc, for99 = sum(lines.values()), 0, 0
    for v in sorted(lines.values(), reverse=True):
        acc += v
        for99 += 1
        if acc >= 0.99 * total:
            break
    b = collections.Counter()
    for f in funcs:
        if f.name.split('/')[0].split('.cold')[0] not in locked:
            continue
        insts = instructions(binary, f.start, f.end)
        last = max((a for a, _, _ in insts if a in ran), default=None)
        for a, size, text in insts:
            if a in ran:
                b['run nops' if NOP.match(text) else 'run'] += size
            else:
                b['not run, inside' if last is not None and a < last else 'not run, tail'] += size
    print('%-9s lines run %4d, for 99%% %4d | locked functions: run %6d B (nops %4d), '
          'not run inside %5d B, tail %6d B' % (name, len(lines), for99, b['run'] + b['run nops'],
                                                 b['run nops'], b['not run, inside'], b['not run, tail']))


def main():
    pw = sys.argv[1]
    locked = {f['name'] for f in json.load(open(os.path.join(pw, 'in.lock')))['functions']}
    print('%s: %d locked functions' % (os.path.basename(os.path.normpath(pw)), len(locked)))
    for name in ('in', 'in.apply', 'in.bolt'):
        report(pw, name, locked)


if __name__ == '__main__':
    main()
