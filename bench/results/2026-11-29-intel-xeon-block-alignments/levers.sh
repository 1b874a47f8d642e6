#!/bin/bash
# levers.sh WORK PROGRAM...: where apply's 8 KiB I1 misses go, counted with no set conflicts
# (an I1 of 8 KiB, 128 ways of 64 B: capacity misses alone), summed over the program's workload
# (WORK/PROGRAM/workload.txt, run under setarch -R as bench/aligned-lock runs it). Beside
# in.bolt, in.apply and in, llvm-bolt on `in` with the bench's profile and cdsort, keeping the
# input's block order (-reorder-blocks=none): with -keep-nops, without and with its split of the
# cold blocks, and without -keep-nops (every nop dropped, hotalign's too).
set -eu
work=$1; shift
B=${BOLT:-/usr/lib/llvm-22/bin/llvm-bolt}
misses() { # BINARY: the workload's I1 misses, summed
  local t=0 n args
  while read -r args; do
    n=$(setarch -R valgrind --tool=cachegrind --cache-sim=yes --I1=8192,128,64 \
          --cachegrind-out-file=/dev/null ./"$1" $args 2>&1 >/dev/null < /dev/null \
        | awk '/I1  misses/ {gsub(",", "", $4); print $4}')
    t=$((t + n))
  done < workload.txt
  echo "$t"
}
for p in "$@"; do
  cd "$work/$p"
  F="-data=p-in.fdata -reorder-functions=cdsort -lite=0 -reorder-blocks=none"
  "$B" in -o lv-nops $F -keep-nops > /dev/null 2>&1
  "$B" in -o lv-nops-split $F -keep-nops -split-functions -split-all-cold > /dev/null 2>&1
  "$B" in -o lv-nonops $F > /dev/null 2>&1
  line="$p"
  for b in in.bolt in.apply in lv-nops lv-nops-split lv-nonops; do line="$line $b=$(misses $b)"; done
  echo "$line"
  rm -f lv-nops lv-nops-split lv-nonops
done
