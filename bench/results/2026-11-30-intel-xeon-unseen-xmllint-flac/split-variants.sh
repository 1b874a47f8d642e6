#!/bin/bash
# split-variants.sh PROGRAM_DIR: what splitting the cold blocks off is worth to the 8 KiB I1,
# on one program of a bench/aligned-lock run (its `in`, p-in.fdata, in.lock, workload.txt and
# data/ in PROGRAM_DIR, whose parent is run.sh's WORK). Each layout is made at 8 placements of
# its hot text (the first hot function 0, 128, ..., 896 bytes later: every offset class of the
# 1 KiB set period) and run under cachegrind (8 KiB, 8-way, 64-byte lines, no address
# randomization); prints each layout's misses per placement and their mean:
#   bolt        plain llvm-bolt (ext-tsp, cdsort, split)
#   keep        llvm-bolt keeping in's block order and nops, cdsort, no split
#   keep-split  the same, split (-split-all-cold): in's code minus its cold blocks
#   apply       hotlayout apply in --lock in.lock (whole functions, locked)
# Needs valgrind, llvm-bolt and hotlayout (HOTLAYOUT); leaves no file behind.
set -euo pipefail
cd "$1"
# bolt.sh's first_hot_symbol and pad_pattern, as run.sh's placements use them.
LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin}; BOLT=$LLVM/llvm-bolt
H=${HOTLAYOUT:-hotlayout} HERE=$(cd "$(dirname "$0")/../../aligned-lock" && pwd) W=$(cd .. && pwd)
source "$HERE/bolt.sh"
T=$(mktemp -d "$PWD/.split-variants.XXXXXX"); trap 'rm -rf "$T"' EXIT
misses() {  # BIN: I1 misses of the whole workload
  local t=0 n args
  while read -r args; do
    n=$(setarch -R valgrind --tool=cachegrind --cache-sim=yes --I1=8192,8,64 \
          --cachegrind-out-file=/dev/null "$1" $args 2>&1 >/dev/null </dev/null |
        awk '/I1  misses/ {gsub(",", "", $4); print $4}')
    t=$((t + n))
  done < workload.txt
  echo $t
}
make_one() {  # NAME PAD-ARGUMENT OUT
  case $1 in
    # apply exits 1 when the padding moved its locked offsets: the placement wanted.
    apply) local dir=() rc=0
           [ -z "$2" ] || dir=(--max-bolt-runs 1 --bolt-dir "$W/bolt-pad")
           BENCH_BOLT="$BOLT" BENCH_PAD_BEFORE=${2#-pad-funcs-before=} "$H" apply in \
             --lock in.lock --profile p-in.fdata "${dir[@]}" -o "$3" > "$T/log" 2>&1 || rc=$?
           [ $rc -le 1 ] ;;
    *) "$BOLT" in -o "$3" -data=p-in.fdata -lite=0 -reorder-functions=cdsort ${FLAGS[$1]} \
         ${2:+"$2"} > "$T/log" 2>&1 ;;
  esac
}
declare -A FLAGS=(
  [bolt]="-reorder-blocks=ext-tsp -split-functions -split-all-cold"
  [keep]="-reorder-blocks=none -keep-nops"
  [keep-split]="-reorder-blocks=none -keep-nops -split-functions -split-all-cold")
for v in bolt keep keep-split apply; do
  make_one $v "" "$T/p0"
  sym=$(first_hot_symbol "$T/p0"); pat=$(pad_pattern "${sym#* }")
  sum=0; line="$v:"
  for k in 0 1 2 3 4 5 6 7; do
    [ $k = 0 ] || make_one $v "-pad-funcs-before=$pat:$((k * 128))" "$T/p$k"
    m=$(misses "$T/p$k"); sum=$((sum + m)); line+=" $m"
  done
  echo "$line  mean $((sum / 8))"
done
