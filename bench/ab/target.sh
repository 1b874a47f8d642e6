#!/bin/bash
# bench/ab/target.sh: `hotlayout ab --ci-target` on real programs, the three measurements of
# the three comparisons --ci-target was built for, in one run (each ends within MAX_TIME seconds, default 600):
#   lua-order  Lua 5.4 against the same objects in another link order, --ci-target 2
#              (expect: the target reached, |CI| <= +-2 %, verdict same)
#   lua-cmp    Lua 5.4 against itself with CMP_SPIN (4) volatile increments planted in
#              sort_comp (table.sort's comparison), --ci-target 1
#              (expect: slower, or ab saying the target was not reached in time)
#   mi-order   the mimalloc .so through LD_PRELOAD under bench/alloc's driver against the same
#              object in another link order, --ci-target 2 (expect: +-2 % or better)
# The binaries are bench/ab/pairs.sh's (families lua and mi). Every comparison starts with
# LAYOUTS layouts per side and ROUNDS rounds before its first check; ab adds rounds, and
# layouts when the layouts differ among themselves more than the runs vary.
# env: LAYOUTS (8), ROUNDS (10), MAX_TIME (600), LUA_N (6), CMP_SPIN (4), METRIC (cpu), ONLY
#      (names, default all three), TARGETS ("lua-order=2 lua-cmp=1 mi-order=2"), PYTHON (python3:
#      draws the plots when it has matplotlib, else none are drawn), MACHINE_TAG, RESULTS_DIR,
#      HOTLAYOUT, CLANG, WORK, PAIRS_SH (more families, as for run.sh: the smoke test's)
# outputs in $RESULTS_DIR (default bench/results/<date>-<machine>-ab-target/): ab-NAME.txt
#   (ab's table), ab-NAME.json (every run; git ignores it), ab-NAME.png (--plot: the interval
#   narrowing over the rounds), ab-instructions.txt (callgrind counts of the plants),
#   target-summary.txt (machine and load before and after each run, settings, one table
#   from the JSON by bench/common/ab_table.py, ab's tables).
# Other work on the machine widens the intervals: the summary names the load average beside
# every comparison, so a target missed under load says so.
set -Eeuo pipefail
shopt -s inherit_errexit
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
LAYOUTS=${LAYOUTS:-8}; ROUNDS=${ROUNDS:-10}; MAX_TIME=${MAX_TIME:-600}; LUA_N=${LUA_N:-6}
METRIC=${METRIC:-cpu}; SPIN=${SPIN:-10}; CMP_SPIN=${CMP_SPIN:-4}
ONLY=${ONLY:-lua-order lua-cmp mi-order}
TARGETS=${TARGETS:-lua-order=2 lua-cmp=1 mi-order=2}
declare -A A_OF B_OF RUN_OF ARGS_OF TARGET_OF
source "$ROOT/bench/common/ab.sh"
source "$HERE/pairs.sh"
[ -z "${PAIRS_SH:-}" ] || source "$PAIRS_SH"
PYTHON=${PYTHON:-python3}
PLOT=(); "$PYTHON" -c 'import matplotlib' 2> /dev/null && PLOT=(--python "$PYTHON" --plot)
for t in $TARGETS; do TARGET_OF[${t%%=*}]=${t#*=}; done
FAMILIES=()
for name in $ONLY; do
  fam=${name%%-*}
  declare -F "${fam}_build" > /dev/null || { echo "target.sh: no comparison '$name'" >&2; exit 2; }
  [ -n "${TARGET_OF[$name]:-}" ] || { echo "target.sh: no target for '$name' in TARGETS" >&2; exit 2; }
  [[ " ${FAMILIES[*]} " == *" $fam "* ]] || FAMILIES+=("$fam")
done
TAG=${MACHINE_TAG:-$(python3 "$ROOT/bench/common/machine.py" --tag)-ab-target}
R=${RESULTS_DIR:-$ROOT/bench/results/$TAG}; mkdir -p "$R" "$W"
log() { echo "== $*" >&2; }

log "build: ${FAMILIES[*]}"
[ ${#PLOT[@]} -gt 0 ] || log "$PYTHON has no matplotlib: no plots"
for fam in "${FAMILIES[@]}"; do "${fam}_build"; done
{
  echo "CMP_SPIN=$CMP_SPIN (lua-cmp); callgrind instructions (Ir), small workloads"
  for fam in "${FAMILIES[@]}"; do "${fam}_instructions"; done
} > "$W/ab-instructions.txt"
mv "$W/ab-instructions.txt" "$R/ab-instructions.txt"

TABLES=(); LOADS=()
for name in $ONLY; do
  RUN=(); [ -z "${RUN_OF[$name]}" ] || RUN=(--run "${RUN_OF[$name]}")
  read -ra ARGS <<< "${ARGS_OF[$name]}"
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  log "$name: --ci-target ${TARGET_OF[$name]} (load $before)"
  bench_ab "$R" "$name" "${A_OF[$name]}" "${B_OF[$name]}" --ci-target "${TARGET_OF[$name]}" \
    --max-time "$MAX_TIME" --layouts "$LAYOUTS" --rounds "$ROUNDS" --metric "$METRIC" \
    ${PLOT[@]:+"${PLOT[@]}" "$R/ab-$name.png"} "${RUN[@]}" -- "${ARGS[@]}" || exit 1
  LOADS+=("$name: load average $before before, $(cut -d' ' -f1-3 /proc/loadavg) after")
  TABLES+=("$name=$R/ab-$name.json")
done

{ python3 "$ROOT/bench/common/machine.py"
  echo "hotlayout: $(git -C "$ROOT" rev-parse --short HEAD), $($H --version | head -1)"
  echo "settings: LAYOUTS=$LAYOUTS ROUNDS=$ROUNDS MAX_TIME=$MAX_TIME LUA_N=$LUA_N METRIC=$METRIC TARGETS=\"$TARGETS\""
  printf '%s\n' "${LOADS[@]}"
  echo
  cat "$R/ab-instructions.txt"
  echo
  python3 "$ROOT/bench/common/ab_table.py" "${TABLES[@]}"
  for name in $ONLY; do echo; echo "## $name"; cat "$R/ab-$name.txt"; done
} > "$W/target-summary.txt"
mv "$W/target-summary.txt" "$R/target-summary.txt"
cat "$R/target-summary.txt"
