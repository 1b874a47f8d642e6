#!/bin/bash
# exp.sh PROG TAG BOLTDIR: apply (its input in, lock in.lock, profile p-in.fdata) through BOLTDIR's
# llvm-bolt at 16 placements; 8 KiB I1 misses of the workload at each. Prints "k misses".
set -euo pipefail
P=$1 TAG=$2 BD=$3 PW=/work/benchwork/al-new/$1 H=${EXP_H:-/work/benchwork/est-s11/bin/hotlayout}
X=/tmp/s12/x-$P-$TAG; mkdir -p $X
export EXP_LOCK=$PW/in.lock EXP_REF=$PW/${EXP_REF:-in.bolt} BENCH_BOLT=/usr/lib/llvm-22/bin/llvm-bolt
ref=in.apply; [ "$BD" = plain ] && ref=in.bolt
sym=$(llvm-nm-22 -n --defined-only $PW/$ref | awk -v a="$(llvm-readelf-22 -SW $PW/$ref | sed 's/^ *\[ *[0-9]*\]//' | awk '$1==".text"{print $3}')" '!f && ($1 "") >= ("" a) && ($2=="t"||$2=="T") {f=$3} END{print f}')
first=$(printf '%s\n' "$sym" | sed 's/[][\\.*^$+?(){}|]/\\&/g; s|$|(/.*)?|')
for k in $(seq 0 15); do
  pad=$((64 * k)); out=$PW/exp-$TAG-$k
  if [ $k = 0 ]; then unset BENCH_PAD_BEFORE; else export BENCH_PAD_BEFORE="$first:$pad"; fi
  if [ "$BD" = plain ]; then
    pb=(); [ $k = 0 ] || pb=(-pad-funcs-before="$first:$pad")
    (cd $PW && /usr/lib/llvm-22/bin/llvm-bolt in -o $out -data=p-in.fdata -reorder-functions=cdsort -reorder-blocks=ext-tsp -split-functions -split-all-cold -lite=0 -enable-bat ${EXP_EXTRA:-} "${pb[@]}" > $X/apply-$k.txt 2>&1)
  else
  (cd $PW && $H apply in --lock in.lock --profile p-in.fdata --max-bolt-runs 1 --bolt-dir $BD -o $out > $X/apply-$k.txt 2>&1) || [ $? = 1 ]
  fi
  n=0; tot=0
  while read -r args; do
    n=$((n+1))
    (cd $PW && env -i PATH="$PATH" setarch -R python3 /work/main/bench/common/cachegrind_i1.py run --i1 8192,8,64 -o $X/cg-$k.$n -- $out $args < /dev/null > /dev/null)
  done < $PW/workload.txt
  m=$(python3 /work/main/bench/common/cachegrind_i1.py misses $X/cg-$k.* | awk '{print $1}')
  echo "$k $m $(llvm-nm-22 -n $out | grep -m1 " $sym\$")"
  rm -f $out
done
