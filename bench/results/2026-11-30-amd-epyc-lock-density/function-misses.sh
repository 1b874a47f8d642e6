#!/bin/bash
# function-misses.sh PROGRAM_DIR A B [N]: 8 KiB I1 misses per function of binaries A and B of a
# run.sh program (cachegrind 8 KiB, 8-way, 64-byte lines, as i1-misses.sh runs the workload:
# every workload.txt line, env -i PATH, setarch -R; counts summed over the lines by cg_merge),
# the N (40) functions whose misses differ most, B - A. Leaves no file behind.
set -euo pipefail
cd "$1"; A=$2 B=$3 N=${4:-40}
T=$(mktemp -d "$PWD/.function-misses.XXXXXX"); trap 'rm -rf "$T"' EXIT
for bin in "$A" "$B"; do
  i=0
  while read -r args; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # a workload line is the program's arguments
    env -i PATH="$PATH" setarch -R valgrind --tool=cachegrind --cache-sim=yes --I1=8192,8,64 \
      --cachegrind-out-file="$T/$bin.$i" "./$bin" $args > /dev/null 2>&1 < /dev/null
  done < workload.txt
  cg_merge -o "$T/$bin.cg" "$T/$bin".[0-9]* > /dev/null
done
python3 - "$T/$A.cg" "$T/$B.cg" "$A" "$B" "$N" <<'PY'
import collections, sys
def misses(path):
    events, fn, acc = None, None, collections.Counter()
    for line in open(path):
        if line.startswith('events:'):
            events = line.split()[1:]
        elif line.startswith('fn='):
            fn = line[3:].strip()
        elif fn and line[:1].isdigit():
            v = dict(zip(events, map(int, line.split()[1:])))
            acc[fn] += v.get('I1mr', 0)
    return acc
a, b = misses(sys.argv[1]), misses(sys.argv[2])
print(f'# 8 KiB I1 misses per function: {sys.argv[3]}, {sys.argv[4]}, difference')
print(f'{sum(a.values()):8d} {sum(b.values()):8d} {sum(b.values()) - sum(a.values()):+7d} (all)')
for n in sorted(set(a) | set(b), key=lambda n: (-abs(b[n] - a[n]), n))[:int(sys.argv[5])]:
    print(f'{a[n]:8d} {b[n]:8d} {b[n] - a[n]:+7d} {n}')
PY
