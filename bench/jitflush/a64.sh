#!/usr/bin/env bash
# bench/jitflush/a64.sh [--quick] - RandomX's shape in its AArch64 form under
# qemu: jitflush.c built with -DJITFLUSH_CLEAR_CACHE (the flushes are
# __clear_cache calls, as __builtin___clear_cache makes them on AArch64) for
# aarch64-linux-gnu, without (stock) and with flushelim, linked with
# examples/jit-flush/flush_counter.c (-Wl,--wrap=__clear_cache), which reports
# the calls, bytes and 64-byte lines flushed. Steps:
#   (1) build both; keep flushelim's remarks;
#   (2) run `randomx 20480 PASSES` once each under qemu-aarch64: bytes and
#       lines flushed per program (exact counts; the checksums must agree);
#   (3) time both with bench/common/interleave.py (metric: the program's ns
#       per KiB compiled), ROUNDS rounds. qemu emulates the cache
#       maintenance instructions, so these times say what the emulated code
#       costs under qemu on this machine, not what an AArch64 core does.
# Environment: CLANG (default clang-22), PLUGIN (default build/lib/libHotLayout.so),
# RESULTS_DIR (default bench/results/<machine tag>), WORK (default
# bench/work/jitflush-a64), PASSES (default 200), ROUNDS (default 20; --quick 5).
# Installs with apt-get (root) if missing: libc6-dev-arm64-cross,
# libgcc-12-dev-arm64-cross, qemu-user.
# Writes $RESULTS_DIR/jitflush-a64-summary.txt and jitflush-a64-times.csv.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
common=$repo/bench/common
quick=
for arg in "$@"; do
  case $arg in
    --quick) quick=1 ;;
    *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
  esac
done
CLANG=${CLANG:-clang-22}
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
PASSES=${PASSES:-200}
ROUNDS=${ROUNDS:-$([ -n "$quick" ] && echo 5 || echo 20)}
OUT=${RESULTS_DIR:-$repo/bench/results/$(python3 "$common/machine.py" --tag)}
WORK=${WORK:-$repo/bench/work/jitflush-a64}
SYSROOT=/usr/aarch64-linux-gnu

die() { echo "error: $*" >&2; exit 1; }
source "$common/deps.sh"
bench_deps libc6-dev-arm64-cross libgcc-12-dev-arm64-cross qemu-user ||
  die "cannot install the AArch64 cross libraries and qemu-user"
[[ -f $PLUGIN ]] || die "$PLUGIN not found; build it or set PLUGIN="
command -v qemu-aarch64 >/dev/null || die "qemu-aarch64 not found (Debian package qemu-user)"
mkdir -p "$OUT" "$WORK"

# (1)
flags=(--target=aarch64-linux-gnu -fuse-ld=lld -O2 -g -DJITFLUSH_CLEAR_CACHE -Wall -Wextra -Werror)
counter=("$repo/examples/jit-flush/flush_counter.c" -Wl,--wrap=__clear_cache)
for b in stock flushelim; do
  extra=()
  [[ $b == stock ]] || extra=(-fpass-plugin="$PLUGIN" -Rpass=flushelim -Rpass-analysis=flushelim)
  (cd "$here" && "$CLANG" "${flags[@]}" "${extra[@]}" jitflush.c "${counter[@]}" \
      -o "$WORK/jitflush-a64-$b") 2> "$WORK/remarks-$b.txt" ||
    { cat "$WORK/remarks-$b.txt" >&2; die "building $b failed"; }
done

# (2) One run each: the counts are exact.
run() { qemu-aarch64 -L "$SYSROOT" "$WORK/jitflush-a64-$1" randomx 20480 "$PASSES"; }
programs=$((PASSES + 1)) # jitflush.c's one warm-up pass compiles a program too
declare -A sums
{
  echo "flushes per program, shape randomx (2-3 KiB program, 20480-byte buffer), $PASSES passes + 1 warm-up,"
  echo "AArch64 __clear_cache under $(qemu-aarch64 --version | head -n1); flush_counter.c counts every call"
  for b in stock flushelim; do
    sums[$b]=$(run "$b" 2> "$WORK/flushed-$b.txt")
    read -r calls bytes lines < <(sed -n 's/^flushed: \([0-9]*\) calls, \([0-9]*\) bytes, \([0-9]*\) lines$/\1 \2 \3/p' "$WORK/flushed-$b.txt")
    [[ -n ${lines:-} ]] || die "$b printed no flush counts (see $WORK/flushed-$b.txt)"
    printf '%s: %.1f calls, %.1f bytes, %.1f lines per program\n' "$b" \
      "$(echo "$calls / $programs" | bc -l)" "$(echo "$bytes / $programs" | bc -l)" \
      "$(echo "$lines / $programs" | bc -l)"
  done
} > "$WORK/counts.txt"
[[ ${sums[stock]} == "${sums[flushelim]}" ]] ||
  die "checksums differ: stock '${sums[stock]}', flushelim '${sums[flushelim]}'"

# (3)
list=$WORK/list.txt
: > "$list"
for b in stock flushelim; do
  printf '%s\ts1\tqemu-aarch64 -L %s %s randomx 20480 %s\n' "$b" "$SYSROOT" \
    "$WORK/jitflush-a64-$b" "$PASSES" >> "$list"
done
csv=$OUT/jitflush-a64-times.csv
python3 "$common/interleave.py" "$list" --rounds "$ROUNDS" --warmup 1 --out "$csv" \
  --metric 'ns_per_kib=([0-9.]+)' --same-output
{
  python3 "$common/machine.py"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); rounds: $ROUNDS"
  echo "compiler: $("$CLANG" --version | head -n1); flags: ${flags[*]}"
  echo "hotlayout revision: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo
  echo "## Remarks (flushelim)"
  echo
  grep 'remark:' "$WORK/remarks-flushelim.txt" | sed 's/^/    /' || echo "    (none)"
  echo
  echo "## Flushes per program"
  echo
  cat "$WORK/counts.txt"
  echo
  echo "## Time under qemu-aarch64 (ns per KiB compiled; qemu's cost of the emulated code, not a core's)"
  echo
  python3 "$common/summarize.py" "$csv" --baseline stock --unit ns/KiB
} > "$OUT/jitflush-a64-summary.txt"
cat "$OUT/jitflush-a64-summary.txt"
