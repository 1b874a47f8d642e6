#!/usr/bin/env python3
"""judge-defaults-agree.py CHECK.json BENCH_COMMON_DIR

Compares the definition's constants that `hotlayout check --json --profile`
prints with bench/common/callgrind_loops.py's DEFAULTS (the independent
judge's defaults). Prints one line per constant, then SAME or DIFFERENT.
MaxTightHotBytes is not in check's JSON, so it is not compared here.
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
sys.path.insert(0, sys.argv[2])
import callgrind_loops  # noqa: E402

d = callgrind_loops.DEFAULTS
pairs = [
    ('line_size', doc['line_size'], d['line_size']),
    ('min_count', doc['hotness']['min_count'], d['min_taken']),
    ('hot_coverage', doc['definition']['hot_coverage'], d['coverage']),
    ('min_iterations_per_entry', doc['definition']['min_iterations_per_entry'],
     d['min_per_entry']),
    ('hot_byte_divisor', doc['definition']['hot_byte_divisor'], d['hot_divisor']),
]
differ = 0
for name, check, bench in pairs:
    same = float(check) == float(bench)
    differ += not same
    print(f"{name}: check {check:g} callgrind {bench:g}{'' if same else ' DIFFERENT'}")
print('DIFFERENT' if differ else 'SAME')
sys.exit(1 if differ else 0)
