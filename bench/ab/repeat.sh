#!/bin/bash
# bench/ab/repeat.sh NAME... : real `hotlayout ab --ci-target` runs, one after another, each
# verdict a line: how often a layout-only relink says `same` and a planted slowdown `slower`
# (issue 33). NAME is a comparison of pairs.sh (lua-order: Lua against the same objects
# linked with --shuffle-sections seed 7; lua-order2: seed 11; lua-aa, mi-aa, bz-aa: a
# family's A against itself; lua-slow, mi-slow, bz-slow: the planted slowdowns); a name may
# repeat. Binaries are
# built once by their family (bench/work/ab, ignored).
# env: TARGET (2), METRIC (cpu), MAX_TIME (600: ab's default), LUA_N (2), HOTLAYOUT, WORK,
#      RESULTS_DIR (default bench/results/<date>-<machine>-ab-real/)
# output: $RESULTS_DIR/runs.txt, one line per run (appended): name, verdict, B/A, interval,
# stop reason, rounds, layouts, seconds, load average before and after; each run's JSON
# stays in WORK.
set -Eeuo pipefail
shopt -s inherit_errexit
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
TARGET=${TARGET:-2}; METRIC=${METRIC:-cpu}; MAX_TIME=${MAX_TIME:-600}; LUA_N=${LUA_N:-2}; SPIN=${SPIN:-10}
declare -A A_OF B_OF RUN_OF ARGS_OF
source "$ROOT/bench/common/ab.sh"
source "$HERE/pairs.sh"
TAG=$(date +%F)-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//' | tr A-Z a-z)-ab-real
R=${RESULTS_DIR:-$ROOT/bench/results/$TAG}; mkdir -p "$R" "$W"
[ $# -gt 0 ] || { echo "usage: $0 NAME... (lua-order lua-order2 lua-aa lua-slow mi-aa mi-slow bz-aa bz-slow)" >&2; exit 2; }
# Build each family once; lua-order2 and every F-aa (F-order's A against itself) are its too.
built=" "
for name in "$@"; do
  fam=${name%%-*}
  [[ "$built" == *" $fam "* ]] && continue
  "${fam}_build" > /dev/null; built+="$fam "
  A_OF[$fam-aa]=${A_OF[$fam-order]}; B_OF[$fam-aa]=${A_OF[$fam-order]}
  RUN_OF[$fam-aa]=${RUN_OF[$fam-order]}; ARGS_OF[$fam-aa]=${ARGS_OF[$fam-order]}
done
if [[ "$built" == *" lua "* ]]; then
  "$ROOT/bench/layout-lock/link.sh" "$W/lua-obj" "$W/lua-order2" -Wl,--shuffle-sections='.text.*=11'
  A_OF[lua-order2]=$W/lua-a; B_OF[lua-order2]=$W/lua-order2; RUN_OF[lua-order2]=; ARGS_OF[lua-order2]=${ARGS_OF[lua-order]}
fi
i=0
for name in "$@"; do
  i=$((i + 1))
  [ -n "${A_OF[$name]:-}" ] || { echo "repeat.sh: no comparison '$name'" >&2; exit 2; }
  RUN=(); [ -z "${RUN_OF[$name]}" ] || RUN=(--run "${RUN_OF[$name]}")
  read -ra ARGS <<< "${ARGS_OF[$name]}"
  before=$(cut -d' ' -f1 /proc/loadavg)
  bench_ab "$W" "real-$i-$name" "${A_OF[$name]}" "${B_OF[$name]}" --ci-target "$TARGET" \
    --max-time "$MAX_TIME" --metric "$METRIC" "${RUN[@]}" -- "${ARGS[@]}" || exit 1
  after=$(cut -d' ' -f1 /proc/loadavg)
  python3 - "$W/ab-real-$i-$name.json" "$name" "$before" "$after" >> "$R/runs.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"{sys.argv[2]} {r['verdict']} {r['ratio']:.4f} [{r['ci_low']:.4f}, {r['ci_high']:.4f}] "
      f"stop={r['stop']} rounds={r['rounds']} layouts={r['layouts_per_side']} "
      f"seconds={r['seconds']:.0f} load={sys.argv[3]}->{sys.argv[4]}")
PY
  tail -1 "$R/runs.txt"
done
