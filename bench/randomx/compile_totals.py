#!/usr/bin/env python3
"""compile_totals.py: per round, the sum of each config's samples (one compile per translation
unit) as one sample of build "all-TUs", so summarize.py reports the whole build's compile time and
its ratio round by round.

    compile_totals.py compile-times.csv > compile-totals.csv

Reads interleave.py's CSV (round,position,config,build,value; build = TU) and writes the same
columns (position = 0). A round in which a config misses some TU another round had is refused:
its sum would not be the whole build."""
import collections
import csv
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    if not rows:
        sys.exit(f"compile_totals.py: {sys.argv[1]}: no samples")
    sums = collections.defaultdict(float)
    tus = collections.defaultdict(set)
    all_tus = collections.defaultdict(set)
    for r in rows:
        key = (int(r["round"]), r["config"])
        sums[key] += float(r["value"])
        tus[key].add(r["build"])
        all_tus[r["config"]].add(r["build"])
    out = ["round,position,config,build,value"]
    for (rnd, config) in sorted(sums):
        missing = all_tus[config] - tus[(rnd, config)]
        if missing:
            sys.exit(f"compile_totals.py: round {rnd}, {config}: no sample of "
                     f"{', '.join(sorted(missing))}")
        out.append(f"{rnd},0,{config},all-TUs,{sums[(rnd, config)]:.6f}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
