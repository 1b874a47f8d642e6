#!/usr/bin/env bash
# bench/jitflush/run.sh [--quick|--smoke] - flushelim on a JIT-shaped x86-64
# program with redundant clflush flushes (jitflush.c: shapes `stubs` and
# `program`), compiled three ways with clang -O2 -mclflushopt
# -ffunction-sections (the configs):
#   stock            no plugin
#   flushelim        -fpass-plugin=$PLUGIN (default mode: remove)
#   flushelim+batch  the same plus HOTLAYOUT_OPTIONS=-flushelim-batch-clflush
# and each object linked once per seed in SEEDS with ld.lld
# --shuffle-sections='.text.*=SEED' (and --randomize-section-padding=SEED
# where ld.lld has it): the builds of a config, whose spread is what code
# placement alone does to the time.
# Steps: (1) compile, keeping the plugin's remarks, and link; (2) count
# clflush, clflushopt and sfence per hot function in each config
# (flushcount.py) and stop unless flushelim removed flushes from the stub
# loop; (3) build both plugin configs again in check mode
# (-flushelim-mode=check, linked with libhotlayout_rt.a) and run every shape
# and size: each removed flush becomes a run-time check that aborts if the
# flush was needed, and the checksum must equal stock's; (4) time every build
# with bench/common/interleave.py (--same-output, metric: the program's own
# ns per KiB compiled), one list per shape and size, and report with
# summarize.py --baseline stock.
#
# Modes: full (default; 6 lists x 60 rounds x 12 runs: about 2 minutes of
# timing on a quiet 2-vCPU VM, up to 5x that under a load of 6-8), --quick
# (about a minute in all under load: checks that everything works; its
# timings are not results), --smoke (the lit test's: 16 KiB only, 2 rounds,
# no PNG; times nothing worth reading).
#
# Environment:
#   CLANG        compiler (default clang-22; same LLVM major as the plugin)
#   PLUGIN       pass plugin (default <repo>/build/lib/libHotLayout.so)
#   RTLIB        folder with libhotlayout_rt.a (default: the plugin's folder)
#   OBJDUMP      llvm-objdump (default: the one beside CLANG)
#   SIZES        code buffer sizes in bytes (default "16384 262144 4194304")
#   SHAPES       default "stubs program randomx"
#   LOOPS        flush-loop forms counted in step 3b (jitflush.c JITFLUSH_LOOP;
#                default "0 1 2 3", smoke "0 2")
#   SEEDS        link seeds, one build per seed and config (full "1 2 3 4",
#                quick and smoke "1 2")
#   ROUNDS       interleaved rounds per list (full 60, quick 20, smoke 2)
#   MIB          MiB compiled per timed run, i.e. passes = MIB MiB / size
#                (full 8, quick 4, smoke 1)
#   CPU          if set, every timed run is pinned with taskset -c $CPU
#   MACHINE_TAG  results folder name (default: bench/common/machine.py --tag)
#   RESULTS_DIR  results folder (default bench/results/$MACHINE_TAG; bench/run.sh
#                sets it)
#   WORK         work folder (default bench/work/jitflush, git-ignored)
#
# Outputs in $RESULTS_DIR, all prefixed jitflush-: summary.txt (machine, toolchain,
# static counts, remarks, line flushes per program, check mode, one
# summarize.py table per shape and size), static.md, remarks-flushelim.txt,
# remarks-flushelim+batch.txt, lines.txt, check.txt, times-SHAPE-SIZE.csv
# (every sample), SHAPE-SIZE.png. The AArch64 form (__clear_cache, under
# qemu): bench/jitflush/a64.sh, run at the end unless A64=0 or --smoke.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
common=$repo/bench/common
mode=full
for arg in "$@"; do
  case $arg in
    --quick) mode=quick ;;
    --smoke) mode=smoke ;;
    *) echo "usage: $0 [--quick|--smoke]" >&2; exit 2 ;;
  esac
done

CLANG=${CLANG:-clang-22}
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
RTLIB=${RTLIB:-$(dirname "$PLUGIN")}
tools=$(dirname "$(readlink -f "$(command -v "$CLANG")")")
OBJDUMP=${OBJDUMP:-$tools/llvm-objdump}
export OBJDUMP
case $mode in
  full) rounds=60 mib=8 sizes="16384 262144 4194304" seeds="1 2 3 4" ;;
  quick) rounds=20 mib=4 sizes="16384 262144 4194304" seeds="1 2" ;;
  smoke) rounds=2 mib=1 sizes=16384 seeds="1 2" ;;
esac
SEEDS=${SEEDS:-$seeds}
ROUNDS=${ROUNDS:-$rounds}
MIB=${MIB:-$mib}
SIZES=${SIZES:-$sizes}
SHAPES=${SHAPES:-stubs program randomx}
OUT=${RESULTS_DIR:-$repo/bench/results/${MACHINE_TAG:-$(python3 "$common/machine.py" --tag)}}
WORK=${WORK:-$repo/bench/work/jitflush}

die() { echo "error: $*" >&2; exit 1; }
[[ $(uname -m) == x86_64 ]] || die "x86-64 only (clflush)"
grep -qw clflushopt /proc/cpuinfo || die "this CPU has no clflushopt (the batched build uses it)"
[[ -f $PLUGIN ]] || die "$PLUGIN not found; build it (cmake -S . -B build -G Ninja && ninja -C build) or set PLUGIN="
[[ -f $RTLIB/libhotlayout_rt.a ]] || die "$RTLIB/libhotlayout_rt.a not found; set RTLIB="
[[ -x $OBJDUMP ]] || die "no llvm-objdump at $OBJDUMP; set OBJDUMP="
mkdir -p "$OUT" "$WORK"
OUT=$(cd "$OUT" && pwd)
WORK=$(cd "$WORK" && pwd)

builds=(stock flushelim flushelim+batch)
cflags=(-O2 -g -mclflushopt -ffunction-sections -Wall -Wextra -Werror)
ldflags=(-fuse-ld=lld)
link_desc="--shuffle-sections='.text.*=SEED'"
padding=
if "$tools/ld.lld" --help 2>/dev/null | grep -q -- --randomize-section-padding; then
  padding=1
  link_desc+=" --randomize-section-padding=SEED"
fi
pass=(-fpass-plugin="$PLUGIN")
remarks=(-Rpass=flushelim -Rpass-missed=flushelim -Rpass-analysis=flushelim)
rt=(-L"$RTLIB" -lhotlayout_rt -lpthread)
hot=(regenerate_stubs compile_program write_prologue)

# The hotlayout options of one variant ($1: build, $2: "check" or empty).
options() {
  local o=
  [[ $2 == check ]] && o="-flushelim-mode=check"
  [[ $1 == flushelim+batch ]] && o="${o:+$o }-flushelim-batch-clflush"
  echo "$o"
}

# (1) Builds. Compiled from $here with a relative name, so remarks say
# jitflush.c:LINE. HOTLAYOUT_OPTIONS is set for each build, never inherited.
echo "== building ($CLANG, plugin $PLUGIN; links: $link_desc, SEED in $SEEDS)" >&2
for b in "${builds[@]}"; do
  extra=()
  [[ $b == stock ]] || extra=("${pass[@]}" "${remarks[@]}")
  if ! (cd "$here" && env HOTLAYOUT_OPTIONS="$(options "$b" "")" \
          "$CLANG" "${cflags[@]}" "${extra[@]}" -c jitflush.c -o "$WORK/jitflush-$b.o") \
          2> "$WORK/remarks-$b.txt"; then
    cat "$WORK/remarks-$b.txt" >&2
    die "compiling $b failed (above)"
  fi
  [[ $b == stock ]] || cp "$WORK/remarks-$b.txt" "$OUT/jitflush-remarks-$b.txt"
  for seed in $SEEDS; do
    shuffle=(-Wl,--shuffle-sections=".text.*=$seed")
    [[ -z $padding ]] || shuffle+=(-Wl,--randomize-section-padding="$seed")
    "$CLANG" "${ldflags[@]}" "${shuffle[@]}" "$WORK/jitflush-$b.o" -o "$WORK/jitflush-$b-s$seed"
  done
done
first_seed=${SEEDS%% *}

# (2) Static counts; the comparison means something only if flushelim
# removed flushes from the stub loop.
{
  first=--header
  for b in "${builds[@]}"; do
    python3 "$here/flushcount.py" $first --build "$b" "$WORK/jitflush-$b.o" "${hot[@]}"
    first=
  done
} > "$OUT/jitflush-static.md"
count() { # $1 build, $2 function, $3 column (1 clflush, 2 clflushopt, 3 sfence)
  awk -F' *[|] *' -v b="$1" -v f="$2" -v c="$3" '$2 == b && $3 == f { print $(3 + c) + 0 }' \
    "$OUT/jitflush-static.md"
}
stock_n=$(count stock regenerate_stubs 1)
fe_n=$(count flushelim regenerate_stubs 1)
if (( fe_n >= stock_n )) || ! grep -q 'removed redundant clflush' "$OUT/jitflush-remarks-flushelim.txt"; then
  die "flushelim removed no clflush from regenerate_stubs ($stock_n -> $fe_n): see" \
      "$OUT/jitflush-static.md and $OUT/jitflush-remarks-flushelim.txt"
fi
(( $(count flushelim+batch compile_program 2) > 0 )) ||
  echo "warning: -flushelim-batch-clflush batched no loop of compile_program" >&2

passes_for() { # $1 size, $2 MiB: passes so that about $2 MiB are compiled
  local p=$(( $2 * 1048576 / $1 ))
  echo $(( p > 0 ? p : 1 ))
}

# (3) Check mode: every flushelim decision checked at run time.
echo "== check mode" >&2
for b in flushelim flushelim+batch; do
  (cd "$here" && env HOTLAYOUT_OPTIONS="$(options "$b" check)" \
     "$CLANG" "${cflags[@]}" "${ldflags[@]}" "${pass[@]}" jitflush.c "${rt[@]}" \
       -o "$WORK/jitflush-$b-check")
  python3 "$here/flushcount.py" --build "$b (check mode)" "$WORK/jitflush-$b-check" \
    "${hot[@]}" >> "$OUT/jitflush-static.md"
done
{
  echo "check mode: HOTLAYOUT_OPTIONS=-flushelim-mode=check (+ -flushelim-batch-clflush), linked with $RTLIB/libhotlayout_rt.a;"
  echo "every removed flush is a run-time check that aborts if any byte of its range changed since the kept flush."
  for shape in $SHAPES; do
    for size in $SIZES; do
      n=$(passes_for "$size" 4)
      want=$("$WORK/jitflush-stock-s$first_seed" "$shape" "$size" "$n" 2>/dev/null)
      for b in flushelim flushelim+batch; do
        if ! got=$("$WORK/jitflush-$b-check" "$shape" "$size" "$n" 2> "$WORK/check.err"); then
          cat "$WORK/check.err" >&2
          die "check mode: $b $shape $size $n failed (above)"
        fi
        if grep -q 'hotlayout:' "$WORK/check.err"; then
          cat "$WORK/check.err" >&2
          die "check mode: the runtime complained for $b $shape $size (above)"
        fi
        [[ $got == "$want" ]] || die "check mode: $b printed '$got', stock '$want'"
        echo "$b $shape $size $n passes: ok, same checksum as stock ($want)"
      done
    done
  done
} | tee "$OUT/jitflush-check.txt" >&2

# (3b) Line flushes executed per program in RandomX's shape (a 2-3 KiB
# program in a 20 KiB buffer) and the "program" shape (3/4 to all of it), for
# each form of the flush loop (jitflush.c, JITFLUSH_LOOP: 0 size_t, 1 long,
# 2 int, 3 pointer; LOOPS, default all, smoke "0 2"), counted by callgrind:
# exact, unlike times. Needs valgrind and non-PIE links (callgrind reports
# run-time addresses).
count_passes=$([[ $mode == smoke ]] && echo 4 || echo 20)
loops=${LOOPS:-$([[ $mode == smoke ]] && echo "0 2" || echo "0 1 2 3")}
{
  echo "lines flushed per program, 20480-byte buffer, $count_passes passes + 1 warm-up (jitflush.c: WarmupPasses)"
  echo "(clflushcount.py: clflush executions under callgrind, divided by the programs compiled)"
  if command -v valgrind >/dev/null; then
    for loop in $loops; do
      for b in stock flushelim; do
        extra=()
        [[ $b == stock ]] || extra=("${pass[@]}")
        (cd "$here" && "$CLANG" "${cflags[@]}" -no-pie -DJITFLUSH_LOOP="$loop" "${extra[@]}" \
          jitflush.c -o "$WORK/jitflush-$b-loop$loop-nopie")
        for shape in randomx program; do
          printf 'loop %s, %s, %s: ' "$loop" "$shape" "$b"
          python3 "$here/clflushcount.py" --per $((count_passes + 1)) \
            "$WORK/jitflush-$b-loop$loop-nopie" "$shape" 20480 "$count_passes" | sed -n 1p
        done
      done
    done
  else
    echo "(valgrind not installed: not counted)"
  fi
} | tee "$OUT/jitflush-lines.txt" >&2

# (4) Timing, one interleaved list per shape and size.
summary=$OUT/jitflush-summary.txt
{
  python3 "$common/machine.py"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); mode: $mode"
  [[ $mode == full ]] ||
    echo "NOTE: a $mode run checks that the bench works; its timings are not results."
  echo "compiler: $("$CLANG" --version | head -n1) ($(command -v "$CLANG"))"
  echo "flags: ${cflags[*]}; links: ${ldflags[*]} $link_desc, SEED in $SEEDS (one build per seed)"
  echo "plugin: $PLUGIN; runtime: $RTLIB/libhotlayout_rt.a"
  echo "hotlayout revision: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
       "$(git -C "$repo" diff --quiet HEAD 2>/dev/null || echo '(working tree modified)')"
  echo "python: $(python3 --version 2>&1)"
  echo
  echo "## Static counts (flushcount.py: instructions in the disassembly)"
  echo
  echo "regenerate_stubs: per 128-byte slot, the writer's and the publisher's flush of 2 lines each"
  echo "(fully unrolled); compile_program: the writer's loop over the program and the whole-buffer loop."
  echo
  cat "$OUT/jitflush-static.md"
  echo
  for b in flushelim flushelim+batch; do
    echo "## Remarks, $b (-Rpass=flushelim -Rpass-missed=flushelim -Rpass-analysis=flushelim)"
    echo
    grep 'remark:' "$OUT/jitflush-remarks-$b.txt" | sed 's/^/    /' || echo "    (none)"
    echo
  done
  echo "## Line flushes per program (RandomX's shape)"
  echo
  cat "$OUT/jitflush-lines.txt"
  echo
  echo "## Check mode"
  echo
  cat "$OUT/jitflush-check.txt"
} > "$summary"

for shape in $SHAPES; do
  for size in $SIZES; do
    n=$(passes_for "$size" "$MIB")
    list=$WORK/list-$shape-$size.txt
    : > "$list"
    for b in "${builds[@]}"; do
      for seed in $SEEDS; do
        printf '%s\ts%s\t%s%s %s %s %s\n' "$b" "$seed" "${CPU:+taskset -c $CPU }" \
          "$WORK/jitflush-$b-s$seed" "$shape" "$size" "$n" >> "$list"
      done
    done
    csv=$OUT/jitflush-times-$shape-$size.csv
    echo "== timing $shape, $size bytes, $n passes per run, $ROUNDS rounds" >&2
    python3 "$common/interleave.py" "$list" --rounds "$ROUNDS" --warmup 1 --out "$csv" \
      --metric 'ns_per_kib=([0-9.]+)' --same-output
    png=()
    if [[ $mode != smoke ]] && python3 -c 'import matplotlib' 2>/dev/null; then
      png=(--png "$OUT/jitflush-$shape-$size.png"
           --title "jitflush $shape, $((size / 1024)) KiB: one dot per shuffled link")
    fi
    {
      echo
      echo "## $shape, $((size / 1024)) KiB buffer (passes per run: $n, $MIB MiB compiled): ns per KiB compiled"
      echo
      python3 "$common/summarize.py" "$csv" --baseline stock --unit ns/KiB "${png[@]}"
    } >> "$summary"
  done
done
echo "machine at the end: $(python3 "$common/machine.py")" >> "$summary"
cat "$summary"
echo "results: $OUT" >&2

# The AArch64 form of RandomX's shape: bytes flushed and time under qemu.
if [[ $mode != smoke && ${A64:-1} != 0 ]]; then
  RESULTS_DIR=$OUT WORK=$WORK/a64 CLANG=$CLANG PLUGIN=$PLUGIN \
    bash "$here/a64.sh" $([[ $mode == quick ]] && echo --quick)
fi
