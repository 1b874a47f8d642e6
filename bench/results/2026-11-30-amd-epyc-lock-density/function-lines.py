#!/usr/bin/env python3
"""function-lines.py A CG_A B CG_B FUNC...: the distinct 64-byte lines of each FUNC (its
NAME.cold.N parts with it) with an instruction that ran, in binary A by the callgrind output
CG_A and in B by CG_B (each recorded by `callgrind_loops.py run`), and their sums. The counts are
read as the judge reads them (bench/common/callgrind_loops.py): the binary's own code only."""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../common'))
import callgrind_loops  # noqa: E402


def lines_run(binary, cg):
    """{function name without .cold.N: {line}} of BINARY's code that ran in CG."""
    funcs = callgrind_loops.read_functions(binary)
    counts = callgrind_loops.load_counts(binary, [cg], funcs)
    index = callgrind_loops.FunctionIndex(funcs)
    lines = collections.defaultdict(set)
    for addr, n in counts.exec.items():
        f = index.at(addr) if n else None
        if f:
            lines[f.name.split('.cold')[0]].add(addr >> 6)
    return lines


a = lines_run(sys.argv[1], sys.argv[2])
b = lines_run(sys.argv[3], sys.argv[4])
for name in sys.argv[5:]:
    print(f'{len(a[name]):5d} {len(b[name]):5d} {name}')
print(sum(len(a[n]) for n in sys.argv[5:]), sum(len(b[n]) for n in sys.argv[5:]))
