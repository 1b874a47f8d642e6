#!/bin/bash
# Layout lock on Lua 5.4 (Debian source): release-style change, shuffle spread, apply time.
# Lua is built with the recipe users get without PGO (`hotlayout flags --cflags`: the plugin and
# -ffunction-sections; link.sh links with the recipe's --ldflags, lld --emit-relocs).
#   1. v1 -> v2 (one hot function edited, same behaviour): where the 20 hottest functions land
#      with plain llvm-bolt and with the lock (addresses; no timing)
#   2. the same change as an A/B across layouts: `hotlayout ab lua-v1 lua-v2 --lock v1.lock`
#      (bench/common/ab.sh), ab's ratio, 95 % interval and verdict, each side's layout spread,
#      and the two builds with the release's lock applied (one layout each)
#   3. stock vs plain llvm-bolt vs the lock over 8 --shuffle-sections links (interleave.py):
#      not an A/B ab can run, as two of the three are llvm-bolt outputs (see the README)
#   4. wall time of hotlayout apply vs plain llvm-bolt (interleave.py: a tool's timing)
# env: ROUNDS (default 40: interleaved rounds of 2., 3.), LAYOUTS (8: ab's layouts per side),
#      METRIC (cpu: ab compares user+sys time; wall on a quiet machine), LUA_N (workload size,
#      default 6 ~ 0.35 s), MACHINE_TAG, RESULTS_DIR (results folder; overrides MACHINE_TAG),
#      HOTLAYOUT (its `flags` give the recipe), CLANG (clang-22), BOLT
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
W=${WORK:-$ROOT/bench/work/lock}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
BOLT=${BOLT:-/usr/lib/llvm-22/bin/llvm-bolt}
ROUNDS=${ROUNDS:-40}; LAYOUTS=${LAYOUTS:-8}; METRIC=${METRIC:-cpu}; export LUA_N=${LUA_N:-6}
TAG=${MACHINE_TAG:-$(date +%F)-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//' | tr A-Z a-z)}
R=${RESULTS_DIR:-$ROOT/bench/results/$TAG}; mkdir -p "$R" "$W"
WL="$HERE/bench.lua $LUA_N"
BOLTFLAGS="-reorder-functions=hfsort -reorder-blocks=ext-tsp -split-functions -split-all-cold"
log() { echo "== $*" >&2; }
source "$ROOT/bench/common/ab.sh"
source "$ROOT/bench/common/recipe.sh"
bench_recipe_links "$H" "${CLANG:-clang-22}" "-fuse-ld=lld -Wl,--emit-relocs"
bench_recipe "$H" "${CLANG:-clang-22}" --cflags

log fetch; S=$("$ROOT/bench/common/fetch-source.sh" lua5.4 "$W/src")
# v2: one hot function edited, behaviour identical (alimit > 0 implies array != NULL).
rm -rf "$W/src-v2"; mkdir -p "$W/src-v2"; cp -r "$S/src" "$W/src-v2/"
sed -i 's|^const TValue \*luaH_getint (Table \*t, lua_Integer key) {$|&\n  if (l_unlikely(t->array == NULL \&\& t->alimit != 0)) return \&absentkey;  /* bench edit: never true */|' "$W/src-v2/src/ltable.c"
grep -q 'bench edit' "$W/src-v2/src/ltable.c"
log build; "$HERE/build.sh" "$S" "$W/obj-v1" "${RECIPE[@]}"; "$HERE/build.sh" "$W/src-v2" "$W/obj-v2" "${RECIPE[@]}"
cd "$W"
"$HERE/link.sh" obj-v1 lua-v1; "$HERE/link.sh" obj-v2 lua-v2

log "1. release-style change"
for v in 1 2; do $H profile --quiet -o p$v.fdata -- ./lua-v$v $WL >/dev/null; done
for v in 1 2; do $BOLT lua-v$v -o lua-v$v.bolt -data=p$v.fdata $BOLTFLAGS > bolt-v$v.log 2>&1; done
$H plan lua-v1 --profile p1.fdata -o v1.lock > plan-v1.txt 2>&1
$H plan lua-v2 --profile p2.fdata --update v1.lock -o v2.lock > plan-v2.txt 2>&1
set +e
$H apply lua-v1 --lock v1.lock --profile p1.fdata -o lua-v1.lock --smoke "{} $WL" > apply-v1.txt 2>&1; echo "apply v1 exit $?" >> apply-v1.txt
$H apply lua-v2 --lock v2.lock --profile p2.fdata -o lua-v2.lock --smoke "{} $WL" > apply-v2.txt 2>&1; echo "apply v2 exit $?" >> apply-v2.txt
$H diff lua-v1.bolt lua-v2.bolt --profile p1.fdata > diff-bolt.txt 2>&1; echo "diff exit $?" >> diff-bolt.txt
$H diff lua-v1.lock lua-v2.lock --profile p1.fdata > diff-lock.txt 2>&1; echo "diff exit $?" >> diff-lock.txt
set -e
for b in lua-v1 lua-v2 lua-v1.bolt lua-v2.bolt lua-v1.lock lua-v2.lock; do ./$b $WL > out-$b.txt; done
cmp out-lua-v1.txt out-lua-v2.txt; cmp out-lua-v1.txt out-lua-v1.bolt.txt; cmp out-lua-v1.txt out-lua-v2.lock.txt
"$HERE/compare.py" p1.fdata 20 lua-v1 lua-v2 lua-v1.bolt lua-v2.bolt lua-v1.lock lua-v2.lock > "$R/lock-release.csv"
cp v1.lock v2.lock plan-v1.txt plan-v2.txt apply-v1.txt apply-v2.txt diff-bolt.txt diff-lock.txt "$R/" 2>/dev/null || true
for f in v1.lock v2.lock plan-v1.txt plan-v2.txt apply-v1.txt apply-v2.txt diff-bolt.txt diff-lock.txt; do mv "$R/$f" "$R/lock-$f"; done
mv "$R/lock-v1.lock" "$R/lock-v1.lock.txt"; mv "$R/lock-v2.lock" "$R/lock-v2.lock.txt"

log "2. the release-style change as an A/B: hotlayout ab lua-v1 lua-v2 --lock v1.lock, $LAYOUTS layouts, $ROUNDS rounds"
bench_ab "$R" lock-release lua-v1 lua-v2 --layouts "$LAYOUTS" --rounds "$ROUNDS" --metric "$METRIC" \
  --lock v1.lock -- $WL
python3 "$ROOT/bench/common/ab_table.py" "lua-v1 -> lua-v2 (lock v1.lock)=$R/ab-lock-release.json" > "$R/lock-ab.md"

log "3. shuffle builds"
: > list.txt
for s in 1 2 3 4 5 6 7 8; do
  "$HERE/link.sh" obj-v1 lua-s$s -Wl,--shuffle-sections=".text.*=$s"
  $H profile --quiet -o ps$s.fdata -- ./lua-s$s $WL >/dev/null
  $BOLT lua-s$s -o lua-s$s.bolt -data=ps$s.fdata $BOLTFLAGS > bolt-s$s.log 2>&1
  set +e; $H apply lua-s$s --lock v1.lock --profile ps$s.fdata -o lua-s$s.lock --smoke "{} $WL" > apply-s$s.txt 2>&1; echo "exit $?" >> apply-s$s.txt; set -e
  for c in stock bolt lock; do
    b=lua-s$s; [ $c = bolt ] && b=lua-s$s.bolt; [ $c = lock ] && b=lua-s$s.lock
    printf '%s\ts%s\t%s %s\n' $c $s "$W/$b" "$WL" >> list.txt
  done
done
# apply's summary line and its exit status (1: a function missed its offset or a hot loop straddles).
for s in 1 2 3 4 5 6 7 8; do echo "$(grep -m1 ' locked functions: ' apply-s$s.txt) ($(tail -1 apply-s$s.txt))"; done \
  > "$R/lock-apply-shuffle.txt"
log "timing $ROUNDS rounds"
python3 "$ROOT/bench/common/interleave.py" list.txt --rounds "$ROUNDS" --out "$R/lock-times.csv" --same-output
python3 "$ROOT/bench/common/summarize.py" "$R/lock-times.csv" --baseline stock --png "$R/lock-spread.png" \
  --title "Lua 5.4: 8 shuffled links per config" > "$R/lock-spread.txt"

log "4. apply vs llvm-bolt wall time"
# apply exits 1 when some function missed its offset: a finding, not a failed run.
printf 'apply\tlua-v1\t%s apply lua-v1 --lock v1.lock --profile p1.fdata -o tool-apply.out >/dev/null || [ $? = 1 ]\n' "$H" > tools.txt
printf 'llvm-bolt\tlua-v1\t%s lua-v1 -o tool-bolt.out -data=p1.fdata %s >/dev/null\n' "$BOLT" "$BOLTFLAGS" >> tools.txt
python3 "$ROOT/bench/common/interleave.py" tools.txt --rounds 7 --out "$R/lock-tooltime.csv"
python3 "$ROOT/bench/common/summarize.py" "$R/lock-tooltime.csv" --baseline llvm-bolt > "$R/lock-tooltime.txt"
log done; echo "$R"
"$HERE/summarize.sh" "$R" "$W"
