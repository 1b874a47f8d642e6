#!/bin/bash
# bench/alloc/run.sh [--quick]: allocator layout tax (mimalloc, jemalloc from Debian sources).
#
# What it does: builds our driver allocbench.c (larson-like and threadtest-like modes, see its
# header) statically linked with each allocator, in three configs:
#   stock  clang-22 -O2 -ffunction-sections
#   pgo    the recipe users get, `hotlayout flags --use P` (P: a training run of both modes of
#            a `hotlayout flags --instrument` build; IR PGO, the PGO map, the plugin)
#   apply  the pgo objects; `hotlayout profile` (both modes, one .fdata) and `hotlayout plan` of
#            the unshuffled pgo binary, then `hotlayout apply --lock --profile <that fdata>` on
#            each shuffled pgo link (blocks ordered by the profile, ext-tsp)
# The pgo config is linked SEEDS times (8) with -Wl,--shuffle-sections='.text.*=SEED' (and
# --randomize-section-padding=SEED when ld.lld has it), apply runs on each of those links.
# Objects are compiled once (build.sh, cached under $WORK); only the links change. Then:
#   1. pgo vs stock per allocator x mode, an A/B across layouts: `hotlayout ab stock pgo
#      --lock <the pgo lock> -- MODE ARGS` (bench/common/ab.sh: LAYOUTS seeded BOLT layouts per
#      side, ROUNDS interleaved rounds, METRIC time; every layout prints its binary's checksum
#      line): ab's ratio, 95 % interval and verdict, each side's layout spread, and the two
#      builds with the lock applied (one layout each); bench/common/ab_table.py makes the table
#   2. apply vs pgo per allocator x mode over the SEEDS shuffled links, with
#      bench/common/interleave.py (wall time, --same-output) and summarize.py (--baseline pgo,
#      PNG): not an A/B ab can run, as apply's outputs are llvm-bolt outputs (see the README)
#   3. cost: compile time of mimalloc's static.c at -O2 with vs without -fpass-plugin (no PGO)
#   4. cost: `hotlayout apply` vs plain llvm-bolt (-data, hfsort, ext-tsp, split; -lite=0 when
#      apply has --profile, as apply runs BOLT then) on the unshuffled pgo binary of each allocator
# --quick: SEEDS="1 2", LAYOUTS=4, ROUNDS=2, COST_ROUNDS=2, TOOL_ROUNDS=2 (same work per run as
# the full run). Full: 8 seeds, LAYOUTS=8, ROUNDS=12, COST_ROUNDS=8, TOOL_ROUNDS=5.
#
# env: ROUNDS, LAYOUTS, METRIC (cpu: ab compares user+sys time, as bench/ab does on this loaded
#      VM; wall on a quiet machine), SEEDS, COST_ROUNDS, TOOL_ROUNDS, ALLOCS ("mimalloc jemalloc"),
#      LARSON_ARGS ("2 400 1000 20000": THREADS EPOCHS SLOTS OPS), THREADTEST_ARGS
#      ("2 2000 10000 64": THREADS ITERS BLOCKS SIZE), TRAIN_LARSON, TRAIN_THREADTEST (training
#      and `hotlayout profile` runs), APPLY_PROFILE (1, default: apply --lock --profile <the
#      fdata>, blocks by ext-tsp; 0: apply --lock only, blocks keep their order), RESULTS_DIR
#      (default bench/results/$MACHINE_TAG; bench/run.sh sets it), MACHINE_TAG, WORK
#      (bench/work/alloc), CLANG, HOTLAYOUT (its `flags` give the recipe and plugin), LLVM_BIN (beside CLANG when CLANG is a path,
#      else /usr/lib/llvm-22/bin), MIMALLOC_SRC, JEMALLOC_SRC (default: fetched; jemalloc only
#      when ALLOCS names it)
# outputs in $RESULTS_DIR: ab-alloc-ALLOC-MODE.txt (ab's table) + .json (every run; not in
#   git), alloc-times-ALLOC-MODE.csv (every sample of apply vs pgo) + alloc-ALLOC-MODE.png,
#   alloc-compile.csv + .png, alloc-tooltime-ALLOC.csv + .png, alloc-apply.txt (each apply's
#   summary line and exit status), alloc-plan-ALLOC.txt, alloc-ALLOC.lock.txt, alloc-summary.txt
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
QUICK=0
case "${1:-}" in --quick) QUICK=1 ;; "") ;; *) echo "usage: run.sh [--quick]" >&2; exit 2 ;; esac
export WORK=${WORK:-$ROOT/bench/work/alloc}; W=$WORK
# The LLVM tools: LLVM_BIN, else those beside a CLANG given by its path, else LLVM 22's.
case ${CLANG:-} in /*) LLVM_BIN=${LLVM_BIN:-$(dirname "$CLANG")} ;; *) LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin} ;; esac
export CLANG=${CLANG:-$LLVM_BIN/clang}
export HOTLAYOUT=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
H=$HOTLAYOUT
BOLT=$LLVM_BIN/llvm-bolt
if [ $QUICK = 1 ]; then
  SEEDS=${SEEDS:-"1 2"}; LAYOUTS=${LAYOUTS:-4}; ROUNDS=${ROUNDS:-2}; COST_ROUNDS=${COST_ROUNDS:-2}; TOOL_ROUNDS=${TOOL_ROUNDS:-2}
else
  SEEDS=${SEEDS:-"1 2 3 4 5 6 7 8"}; LAYOUTS=${LAYOUTS:-8}; ROUNDS=${ROUNDS:-12}; COST_ROUNDS=${COST_ROUNDS:-8}; TOOL_ROUNDS=${TOOL_ROUNDS:-5}
fi
ALLOCS=${ALLOCS:-"mimalloc jemalloc"}
METRIC=${METRIC:-cpu}
LARSON_ARGS=${LARSON_ARGS:-"2 400 1000 20000"}
THREADTEST_ARGS=${THREADTEST_ARGS:-"2 2000 10000 64"}
TRAIN_LARSON=${TRAIN_LARSON:-"2 20 1000 20000"}
TRAIN_THREADTEST=${TRAIN_THREADTEST:-"2 200 10000 64"}
APPLY_PROFILE=${APPLY_PROFILE:-1}
BOLTFLAGS="-reorder-functions=hfsort -reorder-blocks=ext-tsp -split-functions -split-all-cold"
R=${RESULTS_DIR:-$ROOT/bench/results/${MACHINE_TAG:-$(python3 "$ROOT/bench/common/machine.py" --tag)}}
mkdir -p "$R" "$W/bin" "$W/prof" "$W/lists" "$W/tool" "$W/cost"
T0=$SECONDS
log() { echo "== [$((SECONDS - T0)) s] $*" >&2; }
source "$ROOT/bench/common/ab.sh"

# ---- prerequisites ----
# libclang-rt-22-dev: the profile runtime of -fprofile-instr-generate.
source "$ROOT/bench/common/deps.sh"; bench_deps libclang-rt-22-dev
for f in "$H" "$BOLT" "$CLANG"; do [ -e "$f" ] || { echo "run.sh: missing $f" >&2; exit 1; }; done
# The plugin the recipe loads for CLANG (build.sh builds with `hotlayout flags`).
PLUGIN=$("$H" flags --cc "$CLANG" --print-plugin) || { echo "run.sh: no plugin for $CLANG (above)" >&2; exit 1; }
# mimalloc's static.c is also the compile-cost input (3.), whatever ALLOCS says.
export MIMALLOC_SRC=${MIMALLOC_SRC:-$("$ROOT/bench/common/fetch-source.sh" mimalloc)}
JEMALLOC_SRC=${JEMALLOC_SRC:-}
if [[ " $ALLOCS " == *" jemalloc "* && -z $JEMALLOC_SRC ]]; then JEMALLOC_SRC=$("$ROOT/bench/common/fetch-source.sh" jemalloc); fi
export JEMALLOC_SRC
# (grep -c, not -q: with pipefail, -q's early exit can kill the writer with SIGPIPE and fail the check)
if [ "$("$LLVM_BIN/ld.lld" --help | grep -c -- '--randomize-section-padding')" -gt 0 ]; then PAD=1; else PAD=0; fi
USE_PROF=0
if [ "$APPLY_PROFILE" = 1 ]; then
  USE_PROF=1
  # apply --profile runs BOLT with -lite=0 (every function, not only those with samples): plain
  # llvm-bolt in the tool timing does the same.
  BOLTFLAGS="-lite=0 $BOLTFLAGS"
fi
shuffle_flags() { # seed -> link flags, in the array SH
  SH=(-Wl,--shuffle-sections=".text.*=$1")
  if [ $PAD = 1 ]; then SH+=(-Wl,--randomize-section-padding="$1"); fi
}
B=$HERE/build.sh

: > "$W/apply.txt"
for A in $ALLOCS; do
  log "$A: stock and training (gen) objects"
  "$B" objs "$A" stock
  "$B" objs "$A" gen
  "$B" link "$A" gen "$W/bin/$A-gen"
  # Training: both modes, merged. Reused while the gen objects and the training args are unchanged.
  TKEY="$(cat "$W/obj/$A-gen/key") | $TRAIN_LARSON | $TRAIN_THREADTEST"
  if ! [ -f "$W/prof/$A.profdata" ] || [ "$(cat "$W/prof/$A.train-key" 2>/dev/null)" != "$TKEY" ]; then
    log "$A: training runs"
    rm -f "$W/prof/$A"-*.profraw
    LLVM_PROFILE_FILE="$W/prof/$A-%p.profraw" "$W/bin/$A-gen" larson $TRAIN_LARSON > /dev/null
    LLVM_PROFILE_FILE="$W/prof/$A-%p.profraw" "$W/bin/$A-gen" threadtest $TRAIN_THREADTEST > /dev/null
    "$LLVM_BIN/llvm-profdata" merge -o "$W/prof/$A.profdata" "$W/prof/$A"-*.profraw
    echo "$TKEY" > "$W/prof/$A.train-key"
  fi
  log "$A: pgo + plugin objects"
  "$B" objs "$A" pgo
  log "$A: links"
  "$B" link "$A" stock "$W/bin/$A-stock"
  "$B" link "$A" pgo "$W/bin/$A-pgo"
  # The allocator's code is in the binary (linked statically), so the shuffles move it too.
  SYM=$([ "$A" = mimalloc ] && echo mi_malloc || echo je_malloc)
  [ "$(nm "$W/bin/$A-stock" | grep -c " T $SYM\$")" = 1 ] || { echo "run.sh: $A-stock does not define $SYM" >&2; exit 1; }
  for s in $SEEDS; do
    shuffle_flags "$s"
    "$B" link "$A" pgo "$W/bin/$A-pgo-s$s" "${SH[@]}"
  done
  log "$A: hotlayout profile / plan / apply"
  "$H" profile --quiet -o "$W/prof/$A.fdata" -- "$W/bin/$A-pgo" larson $TRAIN_LARSON > /dev/null
  "$H" profile --quiet --append -o "$W/prof/$A.fdata" -- "$W/bin/$A-pgo" threadtest $TRAIN_THREADTEST > /dev/null
  "$H" plan "$W/bin/$A-pgo" --profile "$W/prof/$A.fdata" -o "$W/prof/$A.lock" > "$R/alloc-plan-$A.txt" 2>&1 \
    || { cat "$R/alloc-plan-$A.txt" >&2; exit 1; }
  cp "$W/prof/$A.lock" "$R/alloc-$A.lock.txt"
  APROF=(); [ $USE_PROF = 1 ] && APROF=(--profile "$W/prof/$A.fdata")
  for s in $SEEDS; do
    rm -f "$W/bin/$A-apply-s$s"
    set +e
    "$H" apply "$W/bin/$A-pgo-s$s" --lock "$W/prof/$A.lock" "${APROF[@]}" -o "$W/bin/$A-apply-s$s" \
      --smoke "{} threadtest 2 2 100 64 >/dev/null && {} larson 2 2 100 1000 >/dev/null" > "$W/apply-$A-s$s.log" 2>&1
    rc=$?
    set -e
    # Exit 1 (a function missed its offset) is a finding; 2 is an error.
    if [ $rc -gt 1 ] || ! [ -x "$W/bin/$A-apply-s$s" ]; then cat "$W/apply-$A-s$s.log" >&2; exit 1; fi
    echo "$A s$s exit $rc: $(grep 'locked functions' "$W/apply-$A-s$s.log")" >> "$W/apply.txt"
  done
done
cp "$W/apply.txt" "$R/alloc-apply.txt"

# ---- 1. pgo vs stock: an A/B across layouts (hotlayout ab) ----
TABLES=()
for A in $ALLOCS; do
  for M in larson threadtest; do
    [ $M = larson ] && ARGS=$LARSON_ARGS || ARGS=$THREADTEST_ARGS
    log "ab $A $M: stock vs pgo, $LAYOUTS layouts x $ROUNDS rounds, lock $A.lock beside"
    bench_ab "$R" "alloc-$A-$M" "$W/bin/$A-stock" "$W/bin/$A-pgo" --layouts "$LAYOUTS" --rounds "$ROUNDS" \
      --metric "$METRIC" --lock "$W/prof/$A.lock" -- $M $ARGS || exit 1
    TABLES+=("$A $M=$R/ab-alloc-$A-$M.json")
  done
done
python3 "$ROOT/bench/common/ab_table.py" "${TABLES[@]}" > "$W/ab.md"

# ---- 2. apply vs pgo over shuffled links ----
for A in $ALLOCS; do
  for M in larson threadtest; do
    [ $M = larson ] && ARGS=$LARSON_ARGS || ARGS=$THREADTEST_ARGS
    L=$W/lists/$A-$M.txt; : > "$L"
    for c in pgo apply; do
      for s in $SEEDS; do printf '%s\ts%s\t%s %s %s\n' "$c" "$s" "$W/bin/$A-$c-s$s" "$M" "$ARGS" >> "$L"; done
    done
    log "timing $A $M: $(wc -l < "$L") builds x $ROUNDS rounds"
    python3 "$ROOT/bench/common/interleave.py" "$L" --rounds "$ROUNDS" --same-output \
      --out "$R/alloc-times-$A-$M.csv" 2> "$W/interleave-$A-$M.log" || { tail -20 "$W/interleave-$A-$M.log" >&2; exit 1; }
    "$W/bin/$A-pgo-s${SEEDS%% *}" $M $ARGS > "$W/out-$A-$M.txt" 2>/dev/null
  done
done

# ---- 3. compile-time cost of the plugin (mimalloc static.c, -O2, no PGO) ----
CC_COMMON="-O2 -ffunction-sections -g0 -w -DNDEBUG -I$MIMALLOC_SRC/include -c $MIMALLOC_SRC/src/static.c"
printf 'stock\tstatic.c\t%s %s -o %s && echo ok\n' "$CLANG" "$CC_COMMON" "$W/cost/stock.o" > "$W/lists/compile.txt"
printf 'plugin\tstatic.c\t%s %s -fpass-plugin=%s -o %s && echo ok\n' "$CLANG" "$CC_COMMON" "$PLUGIN" "$W/cost/plugin.o" >> "$W/lists/compile.txt"
log "timing compile cost: 2 variants x $COST_ROUNDS rounds"
python3 "$ROOT/bench/common/interleave.py" "$W/lists/compile.txt" --rounds "$COST_ROUNDS" --expect '^ok$' \
  --out "$R/alloc-compile.csv" 2> "$W/interleave-compile.log" || { tail -20 "$W/interleave-compile.log" >&2; exit 1; }

# ---- 4. hotlayout apply vs plain llvm-bolt, same (unshuffled pgo) binary ----
for A in $ALLOCS; do
  APROF=""; [ $USE_PROF = 1 ] && APROF="--profile $W/prof/$A.fdata"
  L=$W/lists/tool-$A.txt
  printf 'llvm-bolt\t%s\t%s %s -o %s -data=%s %s >/dev/null 2>&1 && test -x %s && echo ok\n' "$A" "$BOLT" \
    "$W/bin/$A-pgo" "$W/tool/$A.bolt" "$W/prof/$A.fdata" "$BOLTFLAGS" "$W/tool/$A.bolt" > "$L"
  printf 'apply\t%s\t%s apply %s --lock %s %s -o %s >/dev/null 2>&1; test $? -le 1 && test -x %s && echo ok\n' "$A" \
    "$H" "$W/bin/$A-pgo" "$W/prof/$A.lock" "$APROF" "$W/tool/$A.apply" "$W/tool/$A.apply" >> "$L"
  log "timing $A: hotlayout apply vs llvm-bolt, $TOOL_ROUNDS rounds"
  rm -f "$W/tool/$A.bolt" "$W/tool/$A.apply"
  python3 "$ROOT/bench/common/interleave.py" "$L" --rounds "$TOOL_ROUNDS" --expect '^ok$' \
    --out "$R/alloc-tooltime-$A.csv" 2> "$W/interleave-tool-$A.log" || { tail -20 "$W/interleave-tool-$A.log" >&2; exit 1; }
done
log "timing done"

# ---- summary ----
S=$R/alloc-summary.txt
sum() { python3 "$ROOT/bench/common/summarize.py" "$@"; }
{
  python3 "$ROOT/bench/common/machine.py"
  echo "date: $(date -u +%FT%TZ); run.sh $([ $QUICK = 1 ] && echo --quick || echo '(full)'), $((SECONDS - T0)) s in all"
  echo "toolchain: $("$CLANG" --version | head -1); $("$LLVM_BIN/ld.lld" --version); llvm-bolt $("$BOLT" --version 2>&1 | grep -m1 -io 'version [0-9.]*')"
  echo "hotlayout: $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?') (plugin $PLUGIN, md5 $(md5sum < "$PLUGIN" | cut -c1-12); $H)"
  echo "sources (Debian source packages): $(basename "$MIMALLOC_SRC")${JEMALLOC_SRC:+, $(basename "$JEMALLOC_SRC") (configure --with-jemalloc-prefix=je_ --disable-shared --disable-cxx --with-lg-page=12 --with-lg-hugepage=21)}"
  echo
  echo "## Settings"
  echo "configs: stock = -O2 -ffunction-sections, lld --emit-relocs; pgo = the recipe, hotlayout flags --use (IR PGO: hotlayout flags --instrument, training larson $TRAIN_LARSON, threadtest $TRAIN_THREADTEST; the PGO map; the plugin); apply = pgo objects + hotlayout apply --lock (plan from the unshuffled pgo binary; profile: hotlayout profile of larson $TRAIN_LARSON + threadtest $TRAIN_THREADTEST)$([ $USE_PROF = 1 ] && echo ', apply --profile <that fdata> (blocks by ext-tsp)' || echo ', apply without --profile (blocks keep their order)')"
  echo "ab (1.): stock vs pgo, the unshuffled links, $LAYOUTS seeded BOLT layouts per side, $ROUNDS rounds, $METRIC time, --lock <the pgo binary's lock>"
  echo "shuffled builds (2.): pgo and apply, seeds $SEEDS, links with -Wl,--shuffle-sections='.text.*=SEED'$([ $PAD = 1 ] && echo " -Wl,--randomize-section-padding=SEED (this ld.lld has it)" || echo " (this ld.lld has no --randomize-section-padding)")"
  echo "timed runs: larson $LARSON_ARGS; threadtest $THREADTEST_ARGS; ab checks every layout's output; in 2., $ROUNDS interleaved rounds (+1 warm-up) of wall time per allocator x mode, every build printed the same line (--same-output):"
  for A in $ALLOCS; do for M in larson threadtest; do echo "  $A $M: $(cat "$W/out-$A-$M.txt")"; done; done
  echo
  echo "## hotalign in the pgo builds (-Rpass=hotalign remarks)"
  for A in $ALLOCS; do
    echo "$A: $(grep -c 'remark: aligned hot loop' "$W/obj/$A-pgo/compile.log" || true) hot loops aligned; $(grep -c 'remark: .*\[-Rpass=hotalign\]' "$W/obj/$A-pgo/compile.log" || true) hotalign remarks in all"
  done
  echo
  echo "## hotlayout plan / apply"
  for A in $ALLOCS; do echo "plan $A: $(grep -v '^$' "$R/alloc-plan-$A.txt" | tail -1)"; done
  echo "apply on each shuffled pgo build (exit 1 = some function missed its offset):"
  cat "$R/alloc-apply.txt"
  echo
  echo "## 1. pgo (B) vs stock (A), hotlayout ab across layouts (ab's tables: ab-alloc-ALLOC-MODE.txt)"
  cat "$W/ab.md"
  for A in $ALLOCS; do
    for M in larson threadtest; do
      echo
      echo "## 2. Run time, apply vs pgo: $A, $M (s, wall; builds = shuffle seeds)"
      sum "$R/alloc-times-$A-$M.csv" --baseline pgo --png "$R/alloc-$A-$M.png" \
        --title "allocbench $M, $A: builds per config = shuffle seeds"
    done
  done
  echo
  echo "## 3. Cost: compile time of mimalloc static.c, -O2, with (plugin) and without (stock) -fpass-plugin"
  sum "$R/alloc-compile.csv" --baseline stock --png "$R/alloc-compile.png" --title "clang -O2 static.c (mimalloc): compile time"
  for A in $ALLOCS; do
    echo
    echo "## 4. Cost: hotlayout apply vs plain llvm-bolt ($BOLTFLAGS) on $A's unshuffled pgo binary (s)"
    sum "$R/alloc-tooltime-$A.csv" --baseline llvm-bolt --png "$R/alloc-tooltime-$A.png" --title "$A: hotlayout apply vs llvm-bolt"
  done
} > "$S"
log "done: $S"
cat "$S"
