#!/bin/bash
# bench/ab/run.sh: `hotlayout ab` on real programs built from Debian sources, the runs its
# README quotes. Four comparisons, each over LAYOUTS seeded BOLT layouts per side:
#   lua-order   Lua 5.4 against the same objects linked in another section order  (expect same)
#   lua-slow    Lua 5.4 against itself with a slowdown planted in luaD_precall     (expect slower)
#   mi-order    mimalloc .so (LD_PRELOAD under bench/alloc's driver) against the same objects
#               linked in another section order                                    (expect same)
#   mi-slow     mimalloc .so against itself with a slowdown planted in mi_free      (expect slower)
# The planted slowdown is a loop of SPIN increments of a volatile counter at the function's
# entry: real work on every call, the program's output unchanged. Its size in instructions is
# measured exactly with callgrind (small workloads) and written beside the timings.
# METRIC: cpu (user+sys from rusage, default) or wall. On a VM shared with other work (the one
# these results come from had a load of 12-17 on 2 vCPUs) wall time measures the neighbours:
# Lua runs of ~0.35 s took 0.5-6 s; user+sys time counts only the program's own CPU time.
# env: LAYOUTS (8), ROUNDS (20), SPIN (10), LUA_N (6: ~0.35 s a run), METRIC (cpu), ONLY (names),
#      MACHINE_TAG, RESULTS_DIR, HOTLAYOUT (build/bin/hotlayout), CLANG (clang-22), WORK
# outputs in $RESULTS_DIR (default bench/results/<date>-<machine>-ab/): ab-NAME.txt (the table),
#   ab-NAME.json (every run; git ignores it: the READMEs quote the tables), ab-instructions.txt
#   (callgrind counts), ab-summary.txt.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
W=${WORK:-$ROOT/bench/work/ab}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
CLANG=${CLANG:-clang-22}; export CLANG
LAYOUTS=${LAYOUTS:-8}; ROUNDS=${ROUNDS:-20}; SPIN=${SPIN:-10}; LUA_N=${LUA_N:-6}; METRIC=${METRIC:-cpu}
ONLY=${ONLY:-lua-order lua-slow mi-order mi-slow}
TAG=${MACHINE_TAG:-$(date +%F)-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//' | tr A-Z a-z)-ab}
R=${RESULTS_DIR:-$ROOT/bench/results/$TAG}; mkdir -p "$R" "$W"
log() { echo "== $*" >&2; }
SPINCODE="{ static volatile unsigned bench_spin; for (int bench_i = 0; bench_i < $SPIN; bench_i++) bench_spin++; }"

# Lua: bench/layout-lock's build (-O2 -ffunction-sections) and link (lld, --emit-relocs).
lua() {
  local S; S=$("$ROOT/bench/common/fetch-source.sh" lua5.4)
  rm -rf "$W/lua-slow-src"; mkdir -p "$W/lua-slow-src"; cp -r "$S/src" "$W/lua-slow-src/"
  sed -i "s|^CallInfo \*luaD_precall (lua_State \*L, StkId func, int nresults) {\$|&\n  $SPINCODE  /* bench: planted slowdown */|" \
    "$W/lua-slow-src/src/ldo.c"
  grep -q 'planted slowdown' "$W/lua-slow-src/src/ldo.c"
  "$ROOT/bench/layout-lock/build.sh" "$S" "$W/lua-obj" > /dev/null
  "$ROOT/bench/layout-lock/build.sh" "$W/lua-slow-src" "$W/lua-slow-obj" > /dev/null
  "$ROOT/bench/layout-lock/link.sh" "$W/lua-obj" "$W/lua-a"
  "$ROOT/bench/layout-lock/link.sh" "$W/lua-obj" "$W/lua-order" -Wl,--shuffle-sections='.text.*=7'
  "$ROOT/bench/layout-lock/link.sh" "$W/lua-slow-obj" "$W/lua-slow"
}

# mimalloc as a malloc-overriding shared object (its single-TU static.c, -DMI_MALLOC_OVERRIDE),
# preloaded under bench/alloc's driver built for libc malloc.
mimalloc() {
  local S; S=$("$ROOT/bench/common/fetch-source.sh" mimalloc)
  local F="-O2 -ffunction-sections -fPIC -g0 -w -DNDEBUG -DMI_MALLOC_OVERRIDE -I$S/include"
  $CLANG $F -c "$S/src/static.c" -o "$W/mi.o"
  rm -rf "$W/mi-slow-src"; cp -r "$S/src" "$W/mi-slow-src"
  sed -i "/^void mi_free(void\* p) mi_attr_noexcept\$/{n;s|^{\$|{\n  $SPINCODE  /* bench: planted slowdown */|}" \
    "$W/mi-slow-src/alloc.c"
  grep -q 'planted slowdown' "$W/mi-slow-src/alloc.c"
  $CLANG $F -c "$W/mi-slow-src/static.c" -o "$W/mi-slow.o"
  local L="-fuse-ld=lld -Wl,--emit-relocs -shared -pthread"
  $CLANG $L "$W/mi.o" -o "$W/libmi-a.so"
  $CLANG $L "$W/mi.o" -Wl,--shuffle-sections='.text.*=7' -o "$W/libmi-order.so"
  $CLANG $L "$W/mi-slow.o" -o "$W/libmi-slow.so"
  $CLANG -O2 -pthread "$ROOT/bench/alloc/allocbench.c" -o "$W/allocbench"
}

MI_ARGS="larson 2 4 2000 150000"
LUA_WL="$ROOT/bench/layout-lock/bench.lua"
declare -A A_OF=([lua-order]=$W/lua-a [lua-slow]=$W/lua-a [mi-order]=$W/libmi-a.so [mi-slow]=$W/libmi-a.so)
declare -A B_OF=([lua-order]=$W/lua-order [lua-slow]=$W/lua-slow [mi-order]=$W/libmi-order.so [mi-slow]=$W/libmi-slow.so)

log build; lua; mimalloc
cd "$W"
# The planted slowdown in instructions (exact, small workloads): callgrind totals.
cg() { valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'; }
{
  echo "SPIN=$SPIN; callgrind instructions (Ir), small workloads"
  echo "lua-a    $(cg ./lua-a "$LUA_WL" 1)"
  echo "lua-slow $(cg ./lua-slow "$LUA_WL" 1)"
  echo "libmi-a.so    $(cg env LD_PRELOAD=./libmi-a.so ./allocbench larson 2 2 500 20000)"
  echo "libmi-slow.so $(cg env LD_PRELOAD=./libmi-slow.so ./allocbench larson 2 2 500 20000)"
} > "$R/ab-instructions.txt"
cat "$R/ab-instructions.txt" >&2

{ python3 "$ROOT/bench/common/machine.py"
  echo "hotlayout: $(git -C "$ROOT" rev-parse --short HEAD), $($H --version | head -1)"
  echo "settings: LAYOUTS=$LAYOUTS ROUNDS=$ROUNDS SPIN=$SPIN LUA_N=$LUA_N METRIC=$METRIC"; } > "$R/ab-summary.txt"
for name in $ONLY; do
  case $name in
    lua-*) RUN=(-- "$LUA_WL" "$LUA_N") ;;
    mi-*) RUN=(--run "env LD_PRELOAD={} $W/allocbench $MI_ARGS") ;;
  esac
  log "$name: ${A_OF[$name]##*/} vs ${B_OF[$name]##*/}, $LAYOUTS layouts, $ROUNDS rounds (load $(cut -d' ' -f1-3 /proc/loadavg))"
  set +e
  $H ab "${A_OF[$name]}" "${B_OF[$name]}" --layouts "$LAYOUTS" --rounds "$ROUNDS" --metric "$METRIC" --json-out "$R/ab-$name.json" "${RUN[@]}" > "$R/ab-$name.txt"
  rc=$?
  set -e
  [ $rc -le 1 ] || { echo "ab $name failed (exit $rc)" >&2; exit 1; }
  { echo; echo "## $name (exit $rc)"; cat "$R/ab-$name.txt"; } >> "$R/ab-summary.txt"
done
cat "$R/ab-summary.txt"
