#!/bin/bash
# Layout lock on Lua 5.4 (Debian source): release-style change, shuffle spread, apply time.
# env: ROUNDS (default 40), LUA_N (workload size, default 6 ~ 0.35 s), MACHINE_TAG, HOTLAYOUT, BOLT
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
W=${WORK:-$ROOT/bench/work/lock}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
BOLT=${BOLT:-/usr/lib/llvm-22/bin/llvm-bolt}
ROUNDS=${ROUNDS:-40}; export LUA_N=${LUA_N:-6}
TAG=${MACHINE_TAG:-$(date +%F)-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//' | tr A-Z a-z)}
R=$ROOT/bench/results/$TAG; mkdir -p "$R" "$W"
WL="$HERE/bench.lua $LUA_N"
BOLTFLAGS="-reorder-functions=hfsort -reorder-blocks=ext-tsp -split-functions -split-all-cold"
log() { echo "== $*" >&2; }

log fetch; "$HERE/fetch.sh" "$W/src" >/dev/null
S=$(ls -d "$W"/src/lua5.4-*/ | head -1)
# v2: one hot function edited, behaviour identical (alimit > 0 implies array != NULL).
rm -rf "$W/src-v2"; mkdir -p "$W/src-v2"; cp -r "$S/src" "$W/src-v2/"
sed -i 's|^const TValue \*luaH_getint (Table \*t, lua_Integer key) {$|&\n  if (l_unlikely(t->array == NULL \&\& t->alimit != 0)) return \&absentkey;  /* bench edit: never true */|' "$W/src-v2/src/ltable.c"
grep -q 'bench edit' "$W/src-v2/src/ltable.c"
log build; "$HERE/build.sh" "$S" "$W/obj-v1"; "$HERE/build.sh" "$W/src-v2" "$W/obj-v2"
cd "$W"
"$HERE/link.sh" obj-v1 lua-v1; "$HERE/link.sh" obj-v2 lua-v2

log "1. release-style change"
for v in 1 2; do $H profile --quiet -o p$v.fdata -- ./lua-v$v $WL >/dev/null; done
for v in 1 2; do $BOLT lua-v$v -o lua-v$v.bolt -data=p$v.fdata $BOLTFLAGS > bolt-v$v.log 2>&1; done
$H plan lua-v1 --profile p1.fdata -o v1.lock > plan-v1.txt 2>&1
$H plan lua-v2 --profile p2.fdata --update v1.lock -o v2.lock > plan-v2.txt 2>&1
set +e
$H apply lua-v1 --lock v1.lock -o lua-v1.lock --smoke "{} $WL" > apply-v1.txt 2>&1; echo "apply v1 exit $?" >> apply-v1.txt
$H apply lua-v2 --lock v2.lock -o lua-v2.lock --smoke "{} $WL" > apply-v2.txt 2>&1; echo "apply v2 exit $?" >> apply-v2.txt
$H diff lua-v1.bolt lua-v2.bolt --profile p1.fdata > diff-bolt.txt 2>&1; echo "diff exit $?" >> diff-bolt.txt
$H diff lua-v1.lock lua-v2.lock --profile p1.fdata > diff-lock.txt 2>&1; echo "diff exit $?" >> diff-lock.txt
set -e
for b in lua-v1 lua-v2 lua-v1.bolt lua-v2.bolt lua-v1.lock lua-v2.lock; do ./$b $WL > out-$b.txt; done
cmp out-lua-v1.txt out-lua-v2.txt; cmp out-lua-v1.txt out-lua-v1.bolt.txt; cmp out-lua-v1.txt out-lua-v2.lock.txt
"$HERE/compare.py" p1.fdata 20 lua-v1 lua-v2 lua-v1.bolt lua-v2.bolt lua-v1.lock lua-v2.lock > "$R/lock-release.csv"
cp v1.lock v2.lock plan-v1.txt plan-v2.txt apply-v1.txt apply-v2.txt diff-bolt.txt diff-lock.txt "$R/" 2>/dev/null || true
for f in v1.lock v2.lock plan-v1.txt plan-v2.txt apply-v1.txt apply-v2.txt diff-bolt.txt diff-lock.txt; do mv "$R/$f" "$R/lock-$f"; done
mv "$R/lock-v1.lock" "$R/lock-v1.lock.txt"; mv "$R/lock-v2.lock" "$R/lock-v2.lock.txt"

log "2. shuffle builds"
: > list.txt
for s in 1 2 3 4 5 6 7 8; do
  "$HERE/link.sh" obj-v1 lua-s$s -Wl,--shuffle-sections=".text.*=$s"
  $H profile --quiet -o ps$s.fdata -- ./lua-s$s $WL >/dev/null
  $BOLT lua-s$s -o lua-s$s.bolt -data=ps$s.fdata $BOLTFLAGS > bolt-s$s.log 2>&1
  set +e; $H apply lua-s$s --lock v1.lock -o lua-s$s.lock --smoke "{} $WL" > apply-s$s.txt 2>&1; echo "exit $?" >> apply-s$s.txt; set -e
  echo "stock s$s $W/lua-s$s" >> list.txt; echo "bolt s$s $W/lua-s$s.bolt" >> list.txt; echo "lock s$s $W/lua-s$s.lock" >> list.txt
done
tail -qn2 apply-s*.txt > "$R/lock-apply-shuffle.txt"
log "timing $ROUNDS rounds"
python3 "$HERE/timeit.py" "$ROUNDS" "$R/lock-times.csv" list.txt
python3 "$HERE/analyze.py" "$R/lock-times.csv" > "$R/lock-spread.txt"

log "3. apply vs llvm-bolt wall time"
echo "run,tool,seconds" > "$R/lock-tooltime.csv"
for i in 1 2 3 4 5 6 7; do
  t0=$(date +%s.%N); $H apply lua-v1 --lock v1.lock -o /tmp/lock-at.out >/dev/null 2>&1 || true; t1=$(date +%s.%N)
  $BOLT lua-v1 -o /tmp/lock-bt.out -data=p1.fdata $BOLTFLAGS >/dev/null 2>&1; t2=$(date +%s.%N)
  echo "$i,apply,$(echo "$t1 - $t0" | bc)" >> "$R/lock-tooltime.csv"; echo "$i,llvm-bolt,$(echo "$t2 - $t1" | bc)" >> "$R/lock-tooltime.csv"
done
log done; echo "$R"
"$HERE/summarize.sh" "$R" "$W"
