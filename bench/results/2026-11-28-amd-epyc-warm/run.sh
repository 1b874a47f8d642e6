#!/bin/bash
# run.sh WORK LUA_WORK: hotalign's warm loops (step 10) judged on another input than training.
# Lua 5.4 from bench/aligned-lock (its fixed seed), trained on bench/layout-lock/bench.lua: the
# recipe's final build `in` from LUA_WORK's PGO profile (v1.profdata) and loop profile (in.loops,
# of its in0) twice, with the plugin's defaults (warm loops aligned) and with
# HOTLAYOUT_OPTIONS=-hotalign-warm-min-count=0 (as before step 10); each judged by callgrind
# (bench/common/callgrind_loops.py) on the training workload and on lua-strings-sort.lua (string
# ops, table.sort with a comparator: a workload hotalign was not tuned on), with .text bytes and
# hotalign's warm-loop remarks. LUA_SRC: the Lua source tree at the path LUA_WORK's training
# build compiled (IR PGO names static functions by their file's path: another path leaves them
# without counts, and their code then differs from that run's `in`).
set -euo pipefail
W=$1; LW=$2
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
H=$ROOT/build/bin/hotlayout; JUDGE=$ROOT/bench/common/callgrind_loops.py
S=${LUA_SRC:-$("$ROOT/bench/common/fetch-source.sh" lua5.4)}
mkdir -p "$W/data"; cd "$W"
cp "$ROOT/bench/layout-lock/bench.lua" "$ROOT/bench/aligned-lock/lua-strings-sort.lua" data/
source "$ROOT/bench/common/recipe.sh"
bench_recipe "$H" clang-22 --cflags --use "$LW/v1.profdata" --loop-profile "$LW/in.loops"; FLAGS=("${RECIPE[@]}")
for v in warm nowarm; do
  opts=; [ $v = nowarm ] && opts=-hotalign-warm-min-count=0
  rm -rf "obj-$v"
  HOTLAYOUT_OPTIONS=$opts "$ROOT/bench/layout-lock/build.sh" "$S" "obj-$v" \
    -include "$ROOT/bench/aligned-lock/lua-fixseed.h" "${FLAGS[@]}" -Rpass=hotalign 2> "remarks-$v.txt"
  "$ROOT/bench/layout-lock/link.sh" "obj-$v" "$v"
done
for v in warm nowarm; do
  for wl in bench.lua strings-sort; do
    arg=data/bench.lua; [ $wl = strings-sort ] && arg=data/lua-strings-sort.lua
    rm -f "cg-$v-$wl".*
    env -i PATH="$PATH" setarch -R python3 "$JUDGE" run -o "cg-$v-$wl.1" -- "./$v" "$arg" 1 > "out-$v-$wl.txt"
    python3 "$JUDGE" report "$v" "cg-$v-$wl".* --json --all > "judge-$v-$wl.json"
  done
done
cmp out-warm-bench.lua.txt out-nowarm-bench.lua.txt
cmp out-warm-strings-sort.txt out-nowarm-strings-sort.txt
{
  printf '%-8s %-13s %6s %6s %6s %11s %8s\n' binary workload hot tight strad w-extra text
  for v in warm nowarm; do
    text=$(size -A "$v" | awk '$1 == ".text" { print $2 }')
    for wl in bench.lua strings-sort; do
      python3 - "judge-$v-$wl.json" "$v" "$wl" "$text" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("%-8s %-13s %6d %6d %6d %11.4f %8s" % (sys.argv[2], sys.argv[3], s["hot"], s["tight"], s["straddling"], s["weighted_extra"], sys.argv[4]))
PY
    done
  done
  echo "warm loops aligned (remarks): $(grep -c 'aligned warm loop' remarks-warm.txt || true) (nowarm: $(grep -c 'aligned warm loop' remarks-nowarm.txt || true))"
  python3 "$ROOT/bench/common/machine.py"
} | tee summary.txt
