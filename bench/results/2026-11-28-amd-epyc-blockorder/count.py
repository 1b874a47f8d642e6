#!/usr/bin/env python3
"""count.py BINARY CG...: taken jumps and instructions of BINARY's own code (callgrind)."""
import sys
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'common'))
import callgrind_loops as cl
b = sys.argv[1]
funcs = cl.read_functions(b)
c = cl.load_counts(b, sys.argv[2:], funcs)
print(f"{b.split('/')[-1]} taken_jumps={sum(c.jumps.values())} instructions={sum(c.exec.values())}")
