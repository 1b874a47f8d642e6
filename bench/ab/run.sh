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
# The comparisons are defined in pairs.sh (families lua and mi); PAIRS_SH names a file of more
# (sourced after it: the smoke test's tiny program).
# env: LAYOUTS (8), ROUNDS (20), SPIN (10), LUA_N (6: ~0.35 s a run), METRIC (cpu), ONLY (names),
#      MACHINE_TAG, RESULTS_DIR, HOTLAYOUT (build/bin/hotlayout), CLANG (clang-22), WORK, PAIRS_SH
# outputs in $RESULTS_DIR (default bench/results/<date>-<machine>-ab/): ab-NAME.txt (the table
#   as ab printed it), ab-NAME.json (every run, --json-out; git ignores it: the READMEs quote the
#   tables), ab-instructions.txt (callgrind counts), ab-summary.txt (machine, settings, one
#   table of every comparison made from the JSON by bench/common/ab_table.py, ab's tables).
# A comparison that ab cannot make (a binary without relocations, a layout that prints other
# output, ...) stops the script with ab's error (exit 1): no table of it, and no summary.
set -Eeuo pipefail
shopt -s inherit_errexit
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
LAYOUTS=${LAYOUTS:-8}; ROUNDS=${ROUNDS:-20}; SPIN=${SPIN:-10}; LUA_N=${LUA_N:-6}; METRIC=${METRIC:-cpu}
ONLY=${ONLY:-lua-order lua-slow mi-order mi-slow}
declare -A A_OF B_OF RUN_OF ARGS_OF
source "$ROOT/bench/common/ab.sh"
source "$HERE/pairs.sh"
[ -z "${PAIRS_SH:-}" ] || source "$PAIRS_SH"
# Every name is checked before anything is built.
FAMILIES=()
for name in $ONLY; do
  fam=${name%%-*}
  declare -F "${fam}_build" > /dev/null || { echo "run.sh: no comparison '$name' (no family '$fam' in pairs.sh${PAIRS_SH:+ or $PAIRS_SH})" >&2; exit 2; }
  [[ " ${FAMILIES[*]} " == *" $fam "* ]] || FAMILIES+=("$fam")
done
TAG=${MACHINE_TAG:-$(date +%F)-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//' | tr A-Z a-z)-ab}
R=${RESULTS_DIR:-$ROOT/bench/results/$TAG}; mkdir -p "$R" "$W"
log() { echo "== $*" >&2; }

log "build: ${FAMILIES[*]}"
for fam in "${FAMILIES[@]}"; do "${fam}_build"; done
for name in $ONLY; do
  [ -n "${A_OF[$name]:-}" ] || { echo "run.sh: family '${name%%-*}' has no comparison '$name'" >&2; exit 2; }
done
# The planted slowdowns in instructions (exact, small workloads).
{
  echo "SPIN=$SPIN; callgrind instructions (Ir), small workloads"
  for fam in "${FAMILIES[@]}"; do "${fam}_instructions"; done
} > "$W/ab-instructions.txt"
mv "$W/ab-instructions.txt" "$R/ab-instructions.txt"
cat "$R/ab-instructions.txt" >&2

TABLES=()
for name in $ONLY; do
  RUN=(); [ -z "${RUN_OF[$name]}" ] || RUN=(--run "${RUN_OF[$name]}")
  read -ra ARGS <<< "${ARGS_OF[$name]}"
  log "$name: ${A_OF[$name]##*/} vs ${B_OF[$name]##*/}, $LAYOUTS layouts, $ROUNDS rounds (load $(cut -d' ' -f1-3 /proc/loadavg))"
  bench_ab "$R" "$name" "${A_OF[$name]}" "${B_OF[$name]}" --layouts "$LAYOUTS" --rounds "$ROUNDS" \
    --metric "$METRIC" "${RUN[@]}" -- "${ARGS[@]}" || exit 1
  TABLES+=("$name=$R/ab-$name.json")
done

{ python3 "$ROOT/bench/common/machine.py"
  echo "hotlayout: $(git -C "$ROOT" rev-parse --short HEAD), $($H --version | head -1)"
  echo "settings: LAYOUTS=$LAYOUTS ROUNDS=$ROUNDS SPIN=$SPIN LUA_N=$LUA_N METRIC=$METRIC"
  echo
  python3 "$ROOT/bench/common/ab_table.py" "${TABLES[@]}"
  for name in $ONLY; do echo; echo "## $name"; cat "$R/ab-$name.txt"; done
} > "$W/ab-summary.txt"
mv "$W/ab-summary.txt" "$R/ab-summary.txt"
cat "$R/ab-summary.txt"
