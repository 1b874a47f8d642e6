#!/usr/bin/env python3
"""timeit.py ROUNDS OUT.csv LIST: LIST has lines 'config build path'. Each round runs every binary
once on the workload (bench.lua), in a fresh random order, wall time via perf_counter_ns around
fork/exec/wait. Writes round,config,build,seconds. One untimed warm-up round."""
import sys, subprocess, time, random, os
rounds, out, lst = int(sys.argv[1]), sys.argv[2], sys.argv[3]
here = os.path.dirname(os.path.abspath(__file__))
args = [os.path.join(here, 'bench.lua'), os.environ.get('LUA_N', '6')]
bins = [l.split() for l in open(lst) if l.strip()]
ref = None
with open(out, 'w') as f:
    f.write('round,config,build,seconds\n')
    for r in range(-1, rounds):
        order = bins[:]; random.shuffle(order)
        for cfg, b, p in order:
            t0 = time.perf_counter_ns()
            res = subprocess.run([p] + args, stdout=subprocess.PIPE, check=True)
            t = (time.perf_counter_ns() - t0) / 1e9
            if ref is None: ref = res.stdout
            assert res.stdout == ref, (p, res.stdout)
            if r >= 0: f.write(f'{r},{cfg},{b},{t:.6f}\n')
        f.flush()
