#!/bin/bash
# Lua: in (recipe with loop profile), in.bolt (plain llvm-bolt), in.apply; bo (recipe + block
# and function order), bo.apply; callgrind taken jumps/instructions, cachegrind I1 8/32 KiB,
# straddling (callgrind_loops.py).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../../.." && pwd); H=$ROOT/build/bin/hotlayout; W=${WORK:-/tmp/blockorder-lua}; mkdir -p $W; cd $W
export CLANG=/usr/lib/llvm-22/bin/clang
LOCK=$ROOT/bench/aligned-lock
S=$("$ROOT/bench/common/fetch-source.sh" lua5.4 "$ROOT/bench/work/src")
build() { local o=$1; shift; rm -rf $o; "$ROOT/bench/layout-lock/build.sh" "$S" "$o" -include "$LOCK/lua-fixseed.h" "$@"; }
link() { local o=$1 out=$2; shift 2; "$ROOT/bench/layout-lock/link.sh" "$o" "$out" "$@"; }
mkdir -p data; cp "$ROOT/bench/layout-lock/bench.lua" data/
RUN="data/bench.lua 1"
log() { echo "[$(date -u +%T)] $*"; }
log train
build obj-gen $($H flags --instrument --cflags); link obj-gen gen $($H flags --instrument --ldflags)
rm -rf prof; LLVM_PROFILE_FILE=$W/prof/%p.profraw ./gen $RUN > /dev/null
/usr/lib/llvm-22/bin/llvm-profdata merge -o train.profdata prof
log in0
build obj-in0 $($H flags --use train.profdata --cflags); link obj-in0 in0 $($H flags --use train.profdata --ldflags)
$H profile --quiet -o in0.fdata -- ./in0 $RUN > /dev/null
$H loops in0 --profile in0.fdata -o in.loops --block-order in.order --function-order in.funcs
log in
build obj-in $($H flags --use train.profdata --loop-profile in.loops --cflags); link obj-in in $($H flags --use train.profdata --loop-profile in.loops --ldflags)
log bo
BOF="--use train.profdata --loop-profile in.loops --block-order in.order --function-order in.funcs"
build obj-bo $($H flags $BOF --cflags); link obj-bo bo $($H flags $BOF --ldflags)
for b in in bo; do
  $H profile --quiet -o $b.fdata -- ./$b $RUN > /dev/null
  $H plan $b --profile $b.fdata -o $b.lock > plan-$b.txt
  rc=0; $H apply $b --lock $b.lock --profile $b.fdata -o $b.apply > apply-$b.txt 2>&1 || rc=$?; echo "apply $b rc=$rc" >> apply-$b.txt
done
log bolt
/usr/lib/llvm-22/bin/llvm-bolt in -o in.bolt -data=in.fdata -reorder-functions=cdsort -reorder-blocks=ext-tsp -split-functions -split-all-cold -lite=0 -enable-bat > bolt-in.txt 2>&1
/usr/lib/llvm-22/bin/llvm-bolt bo -o bo.bolt -data=bo.fdata -reorder-functions=cdsort -reorder-blocks=ext-tsp -split-functions -split-all-cold -lite=0 -enable-bat > bolt-bo.txt 2>&1 || echo "bolt on bo failed" 
ref=$(./in $RUN | sha1sum)
for b in in in.bolt in.apply bo bo.apply bo.bolt; do
  [ -x $b ] || continue
  [ "$(./$b $RUN | sha1sum)" = "$ref" ] || echo "$b prints other bytes"
  log "callgrind $b"
  rm -rf cg-$b; mkdir cg-$b
  python3 $ROOT/bench/common/callgrind_loops.py run -o cg-$b/cg.1 -- ./$b $RUN > /dev/null
  python3 $HERE/count.py $b cg-$b/cg.1 | tee -a counts.txt
  python3 $ROOT/bench/common/callgrind_loops.py report $b cg-$b/cg.1 > judge-$b.txt || true
  for kb in 8 32; do
    valgrind --tool=cachegrind --cache-sim=yes --I1=$((kb*1024)),8,64 --cachegrind-out-file=cachegrind-$b-$kb.out ./$b $RUN > /dev/null 2> cgerr-$b-$kb.txt
    echo "$b I1_${kb}KiB_misses=$(grep -E 'I1 +misses' cgerr-$b-$kb.txt | sed 's/.*misses: *//')" | tee -a counts.txt
  done
  echo "$b code_size=$(llvm-size-22 -A $b | awk '/^\.text/ {s+=$2} END {print s}')" | tee -a counts.txt
done
log done
