#!/usr/bin/env bash
# Every benchmark of bench/, one after the other, into one results folder.
#
#   bench/run.sh --quick    a few minutes of timing per bench (~25 min in all on 2 cores,
#                           builds included; a second run reuses the builds)
#   bench/run.sh --full     the numbers the README quotes (~75 min on 2 cores)
#   bench/run.sh --full flush align ...   only the benches named
#
# Benches: flush (clflush vs clflushopt), align (64-offset sweep, with PGO), jitflush
# (redundant flushes in a JIT-like program), layout-lock (Lua 5.4), randomx (RandomX
# light mode), alloc (mimalloc and jemalloc), randomx-a64 (AArch64 JIT under qemu in flush
# check mode: a correctness check, no timing).
#
# Environment: RESULTS_DIR (default bench/results/<date>-<cpu>[-quick]), passed to every
# bench. Nothing else should run on the machine meanwhile: every bench interleaves its
# variants, but a busy neighbour still widens the spreads.
#
# Needs: build/ (scripts/setup.sh), network on first use: the benches install what they need
# beyond setup (bench/common/deps.sh: python3-matplotlib, libclang-rt-22-dev; randomx-a64 the
# arm64 cross libc and qemu-user) and fetch their sources with apt-get source.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mode=
benches=()
for a in "$@"; do
  case $a in
    --quick|--full) mode=$a ;;
    flush|align|jitflush|layout-lock|randomx|alloc|randomx-a64) benches+=("$a") ;;
    *) echo "usage: $0 --quick|--full [bench ...]" >&2; exit 2 ;;
  esac
done
[[ -n $mode ]] || { echo "usage: $0 --quick|--full [bench ...]" >&2; exit 2; }
((${#benches[@]})) || benches=(flush align jitflush layout-lock randomx alloc randomx-a64)
quick=; [[ $mode == --quick ]] && quick=--quick

# Before anything is timed: flush's plot would otherwise be skipped without matplotlib.
source "$ROOT/bench/common/deps.sh"
bench_deps libclang-rt-22-dev

tag=$(python3 "$ROOT/bench/common/machine.py" --tag)
export RESULTS_DIR=${RESULTS_DIR:-$ROOT/bench/results/$tag${quick:+-quick}}
mkdir -p "$RESULTS_DIR"
log=$RESULTS_DIR/run-log.txt
echo "bench/run.sh $mode ${benches[*]}: $(date -u +%FT%TZ)" >> "$log"
python3 "$ROOT/bench/common/machine.py" >> "$log"

run_bench() {
  local name=$1; shift
  local t0=$SECONDS
  echo "== $name: $*" | tee -a "$log"
  if "$@" > "$RESULTS_DIR/$name-run.log" 2>&1; then
    echo "== $name: ok in $((SECONDS - t0)) s" | tee -a "$log"
  else
    echo "== $name: FAILED (exit $?) after $((SECONDS - t0)) s; see $name-run.log" | tee -a "$log"
    failed=1
  fi
}

failed=0
for b in "${benches[@]}"; do
  case $b in
    flush) run_bench flush "$ROOT/bench/flush/run.sh" $quick ;;
    align) run_bench align "$ROOT/bench/align/run.sh" $quick --pgo ;;
    layout-lock)
      if [[ -n $quick ]]; then run_bench layout-lock env ROUNDS=3 LAYOUTS=4 "$ROOT/bench/layout-lock/run.sh"
      else run_bench layout-lock env ROUNDS=30 "$ROOT/bench/layout-lock/run.sh"; fi ;;
    *) run_bench "$b" "$ROOT/bench/$b/run.sh" $quick ;;
  esac
done
echo "bench/run.sh: results in $RESULTS_DIR" | tee -a "$log"
exit $failed
