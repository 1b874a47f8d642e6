#!/usr/bin/env python3
"""nops-run.py PW BIN: the nops of PW/BIN that ran most, by callgrind's counts.

PW: a program's WORK directory after bench/aligned-lock/run.sh (BIN and its callgrind runs
cg-BIN/cg.*). Prints the nops run in all, then the 12 that ran most: count, address,
function+offset, the instruction (llvm-objdump).
"""
import glob, os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../common'))
import callgrind_loops as cl


def main():
    pw, name = sys.argv[1], sys.argv[2]
    binary = os.path.join(pw, name)
    funcs = cl.read_functions(binary)
    index = cl.FunctionIndex(funcs)
    counts = cl.load_counts(binary, sorted(glob.glob(os.path.join(pw, 'cg-' + name, 'cg.*'))), funcs)
    out = subprocess.run(['llvm-objdump-22', '-d', '--no-show-raw-insn', binary],
                         capture_output=True, text=True, check=True).stdout
    nops = {}
    for line in out.splitlines():
        m = re.match(r'\s*([0-9a-f]+):\s+((?:nop|data16|cs)\S*.*)', line)
        if m:
            nops[int(m.group(1), 16)] = m.group(2)
    ran = sorted(((counts.exec.get(a, 0), a) for a in nops), reverse=True)
    print('%s: nops run %d' % (name, sum(n for n, _ in ran)))
    for n, a in ran[:12]:
        if not n:
            break
        f = index.at(a)
        where = '%s+0x%x' % (f.name, a - f.start) if f else '?'
        print('%10d  %x  %s  %s' % (n, a, where[:60], nops[a][:40]))


if __name__ == '__main__':
    main()
