#!/bin/bash
# assoc.sh WORK PROGRAM...: I1 misses of in.bolt, in.apply and in at 8 KiB, 8-way (the
# bench's cache) and fully associative (128 ways of 64 B: capacity misses only, no set
# conflicts), summed over the program's workload (WORK/PROGRAM/workload.txt, run in
# WORK/PROGRAM under setarch -R as bench/aligned-lock runs it). Shifting a binary's whole hot
# text (the bench's 16 placements) keeps the conflicts inside it; the fully associative cache
# has none. Prints one line per program and cache: misses, and apply / bolt.
set -eu
work=$1; shift
for p in "$@"; do
  cd "$work/$p"
  for assoc in 8 128; do
    declare -A m=()
    for b in in.bolt in.apply in; do
      t=0
      while read -r args; do
        n=$(setarch -R valgrind --tool=cachegrind --cache-sim=yes --I1=8192,$assoc,64 \
              --cachegrind-out-file=/dev/null ./$b $args 2>&1 >/dev/null < /dev/null \
            | awk '/I1  misses/ {gsub(",", "", $4); print $4}')
        t=$((t + n))
      done < workload.txt
      m[$b]=$t
    done
    printf '%s %3d-way: in.bolt %d in.apply %d in %d  apply/bolt %s\n' "$p" "$assoc" \
      "${m[in.bolt]}" "${m[in.apply]}" "${m[in]}" \
      "$(python3 -c "print('%.4f' % (${m[in.apply]} / ${m[in.bolt]}))")"
  done
done
