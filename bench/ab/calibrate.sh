#!/bin/bash
# bench/ab/calibrate.sh [RECORDING.json ...]: how often `hotlayout ab` says slower or faster
# when nothing changed (its false-positive rate) and when B is 1, 2 or 5 % slower (its
# power), measured by simulating ab's whole procedure (stopping rule, looks, layouts added
# on the way, the verdict against the noise threshold: the same C++ code, through the hidden
# `hotlayout ab --simulate FILE`, tools/hotlayout/lib/ABSimulate.cpp) TRIALS times on timings
# drawn from runs recorded on this machine.
#
# Without arguments it records first: for every comparison in RECORD (pairs.sh's names; the
# recording is A against A itself, so there is no true difference) `hotlayout ab A A
# --layouts REC_LAYOUTS --rounds REC_ROUNDS --metric METRIC --json-out rec-NAME.json`. With
# arguments it simulates those files (ab's JSON of any earlier run) and records nothing.
#
# Each recording is simulated under SETTINGS (a ';'-separated list of ab option sets: by
# default ab's defaults, 8 layouts x 10 rounds at the 1 % threshold, and --ci-target 2), in
# two layout models: `independent` (a simulated seed's B layout is another recorded seed's:
# the change moves the layout as much as a new seed does, so the layout spread is in the
# trials) and `paired` (A and B laid out alike, as two links of the same code are).
# The simulated clock charges every run the recording's median run (RUN_SECONDS to charge
# another: a program of a few ms then stands in for one as dear as Lua's, so --max-time ends
# its trials where it would end Lua's) and every new seed 3 s (Lua's two layouts here).
# env: RECORD (lua-order), REC_LAYOUTS (8), REC_ROUNDS (20), LUA_N (2), METRIC (cpu),
#      TRIALS (1000), EFFECTS (0,1,2,5), SETTINGS, RUN_SECONDS, JOBS (4 simulations at a
#      time), HOTLAYOUT, WORK, RESULTS_DIR, MACHINE_TAG
# outputs in $RESULTS_DIR (default bench/results/<date>-<machine>-ab-calibrate/):
#   calibrate-summary.txt (machine, recordings, one table per recording x setting x model:
#   verdict counts per planted effect, false-positive rate, power, mean rounds/layouts/seconds),
#   rec-NAME.txt (ab's table of each recording; its JSON, rec-NAME.json, stays in WORK).
set -Eeuo pipefail
shopt -s inherit_errexit
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
RECORD=${RECORD:-lua-order}; REC_LAYOUTS=${REC_LAYOUTS:-8}; REC_ROUNDS=${REC_ROUNDS:-20}
LUA_N=${LUA_N:-2}; METRIC=${METRIC:-cpu}; TRIALS=${TRIALS:-1000}; EFFECTS=${EFFECTS:-0,1,2,5}
SETTINGS=${SETTINGS:---layouts 8 --rounds 10;--layouts 8 --rounds 10 --ci-target 2}
SPIN=${SPIN:-10}; RUN_SECONDS=${RUN_SECONDS:-}; JOBS=${JOBS:-4}
declare -A A_OF B_OF RUN_OF ARGS_OF
source "$ROOT/bench/common/ab.sh"
source "$HERE/pairs.sh"
TAG=${MACHINE_TAG:-$(date +%F)-$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//' | tr A-Z a-z)-ab-calibrate}
R=${RESULTS_DIR:-$ROOT/bench/results/$TAG}; mkdir -p "$R" "$W"
log() { echo "== $*" >&2; }
# The simulations' outputs are scratch, whether the script ends well or not, and each
# run has its own (S): two calibrate.sh started together share $W, not their sim-N files.
S=$(mktemp -d "$W/calibrate.XXXXXX")
trap 'rm -rf "$S"' EXIT

RECS=("$@")
if [ ${#RECS[@]} -eq 0 ]; then
  FAMILIES=()
  for name in $RECORD; do
    fam=${name%%-*}
    declare -F "${fam}_build" > /dev/null || { echo "calibrate.sh: no comparison '$name' in pairs.sh" >&2; exit 2; }
    [[ " ${FAMILIES[*]} " == *" $fam "* ]] || FAMILIES+=("$fam")
  done
  for fam in "${FAMILIES[@]}"; do "${fam}_build"; done
  for name in $RECORD; do
    RUN=(); [ -z "${RUN_OF[$name]}" ] || RUN=(--run "${RUN_OF[$name]}")
    read -ra ARGS <<< "${ARGS_OF[$name]}"
    log "record $name: ${A_OF[$name]##*/} against itself, $REC_LAYOUTS layouts x $REC_ROUNDS rounds (load $(cut -d' ' -f1-3 /proc/loadavg))"
    bench_ab "$W" "rec-$name" "${A_OF[$name]}" "${A_OF[$name]}" --layouts "$REC_LAYOUTS" \
      --rounds "$REC_ROUNDS" --metric "$METRIC" "${RUN[@]}" -- "${ARGS[@]}" || exit 1
    cp "$W/ab-rec-$name.txt" "$R/rec-$name.txt"
    RECS+=("$W/ab-rec-$name.json")
  done
fi

# One table: a --simulate run's counts, with the false-positive rate (slower or faster with
# no effect) and the power (slower with one).
table() {
  awk 'NR == 1 { print "  " $0; next }
       NR == 2 { print "  | effect | trials | slower | faster | same | not resolved | findings | mean rounds | mean layouts | mean s |"
                 print "  |---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"; next }
       { if ($1 == 0) f = sprintf("false positives %.1f %%", 100 * ($3 + $4) / $2)
         else f = sprintf("power %.1f %%", 100 * $3 / $2)
         printf "  | %s %% | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, f, $7, $8, $9 }'
}

# Every (recording, setting, model) is one `hotlayout ab --simulate`, JOBS of them at a time.
IFS=';' read -ra SETS <<< "$SETTINGS"
SIMRUN=(); [ -z "$RUN_SECONDS" ] || SIMRUN=(--simulate-run-seconds "$RUN_SECONDS")
N=0; PIDS=()
for rec in "${RECS[@]}"; do
  for set in "${SETS[@]}"; do
    read -ra OPTS <<< "$set"
    for model in independent paired; do
      PAIRED=(); [ "$model" = independent ] || PAIRED=(--simulate-paired)
      N=$((N + 1))
      echo "### ${rec##*/}: hotlayout ab $set ($model layouts)" > "$S/sim-$N.txt"
      log "simulate ${rec##*/}: $set, $model layouts"
      "$H" ab --simulate "$rec" --simulate-trials "$TRIALS" --simulate-effects "$EFFECTS" \
        --metric "$METRIC" "${SIMRUN[@]}" "${PAIRED[@]}" "${OPTS[@]}" > "$S/sim-$N.out" &
      PIDS+=($!)
      if [ ${#PIDS[@]} -ge "$JOBS" ]; then wait "${PIDS[0]}"; PIDS=("${PIDS[@]:1}"); fi
    done
  done
done
for p in "${PIDS[@]}"; do wait "$p"; done

{ python3 "$ROOT/bench/common/machine.py"
  echo "hotlayout: $(git -C "$ROOT" rev-parse --short HEAD), $($H --version | head -1)"
  echo "settings: TRIALS=$TRIALS EFFECTS=$EFFECTS METRIC=$METRIC RUN_SECONDS=${RUN_SECONDS:-recorded}; recordings: ${RECS[*]##*/}"
  for i in $(seq 1 $N); do echo; cat "$S/sim-$i.txt"; table < "$S/sim-$i.out"; done
} > "$S/calibrate-summary.txt"
mv "$S/calibrate-summary.txt" "$R/calibrate-summary.txt"
cat "$R/calibrate-summary.txt"
