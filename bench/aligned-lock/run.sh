#!/bin/bash
# run.sh [--quick] [--input-only] [PROGRAM...]: the aligned-lock measurement on real programs (lua
# bzip2 zlib by default; programs.sh defines them, $PROGRAMS_SH may define more). Does apply
# keep every hot loop on its fewest cache lines?
#
# --input-only: only nopl and in (the compiler's half: no profile, plan, apply, llvm-bolt,
# check or timing), judged by callgrind, with file sizes and how hotalign's hot loops (its
# -Rpass-analysis records) compare with the judge's: RESULTS_DIR/aligned-input.{txt,csv}.
# A few minutes per program instead of ~10 for all: for tuning hotalign.
#
# Per program, from its Debian source:
#   nopl      the recipe as `hotlayout flags --use P --no-plugin` prints it (IR PGO from a training
#             run of the workload, built with `hotlayout flags --instrument`; the PGO data kept in
#             .llvm_bb_addr_map; PGO_KIND=fe: front-end PGO, -fprofile-instr-use, no map), no plugin
#   in        the recipe with the plugin, in its two builds (root README, "The recipe"):
#             in0 = `hotlayout flags --use P` (hotalign, options $HOTALIGN_FLAGS), profiled
#             (`hotlayout profile`), its exact counts written by `hotlayout loops in0 --profile
#             ... -o in.loops --block-order in.order --whole-functions --function-order in.funcs`;
#             then in = the same build with `--loop-profile in.loops --block-order in.order
#             --function-order in.funcs` (hotalign takes the binary's counts, clang lays out
#             blocks and ld.lld functions in the order plain llvm-bolt would; its compile and
#             link flags): the input of apply and llvm-bolt. BLOCK_ORDER=0: the recipe before
#             the orders (in = `--loop-profile in.loops` alone)
#   in.bolt   plain llvm-bolt -data=<in's profile> $BOLTFLAGS
#   in.apply  hotlayout plan in -> in.lock; hotlayout apply in --lock in.lock --profile
#   in.noprof hotlayout apply in --lock in.lock (no profile: the lock's choices alone)
#   sh        in's objects linked with --shuffle-sections='.text.*=$SHUFFLE_SEED' and
#             --call-graph-profile-sort=none, without in's --symbol-ordering-file (lld orders the
#             sections a PGO build's call graph profile or an ordering file names by it, whatever
#             their input order: a shuffle alone moves only the code that never ran in
#             training); sh.bolt and sh.apply (in.lock, sh's own profile) as above
#   v2        one hot function edited (programs.sh NAME_edit; same behaviour), re-trained PGO,
#             plugin with the release's loop profile and orders (in.loops, in.order, in.funcs:
#             one build, as a user rebuilds after an edit); v2.bolt; v2.apply: plan v2 --update
#             in.lock -> v2.lock, apply
# nopl and in0 get no orders (they come from in0's run). Programs built by their own build
# systems take each build's compile and link flags from `hotlayout flags` (programs.sh's
# recipe_ldflags: the link's --symbol-ordering-file too). Programs built by their own build
# systems (programs.sh: randomx, mimalloc, jemalloc, zopfli, xz, cmark, sqlite, lzip, zstdcm,
# libdeflate, nettle, pcre2, gawk, xmllint, flac) have no edit and no link of ours to shuffle:
# with one of them, every program gets nopl, in, in.bolt and in.apply only (no sh, v2,
# in.noprof or tool timing). A shared library (mimalloc, jemalloc) is run, trained, profiled
# and judged preloaded into its host program (workload.sh).
# All link with ld.lld --emit-relocs and compile with -O2 -ffunction-sections. Profiles:
# `hotlayout profile` of each binary (nopl, in, sh, v2) running the workload.
# Each of the 11 binaries then runs the workload under valgrind callgrind; every binary must
# print the same bytes as nopl. bench/common/callgrind_loops.py judges each (hot loops that
# straddle, count-weighted extra lines per iteration; the taken jumps and instructions of the
# program's own code), `hotlayout check --profile` too; CACHE_BINS run it under cachegrind
# with the I1 cache at each CACHE_KB KiB, 8-way, 64-byte lines (bench/common/cachegrind_i1.py:
# I1 misses of the whole process; a library's, of its own code: callgrind's simulation of the
# same cache, `run --per-object`); tables.py compares them, the counts against plain
# llvm-bolt's as issue 30 does. Last, apply and llvm-bolt (same flags as above) on `in`, wall time,
# interleaved (bench/common/interleave.py), TOOL_ROUNDS rounds.
#
# env: PGO_KIND (ir; fe: front-end PGO, no map), BLOCK_ORDER (1: the recipe's block and function
#      orders in in and v2; 0: without them, the recipe before 2026-11-28; fe implies 0),
#      CACHE_BINS ("in in.bolt in.apply"; empty: no cachegrind run), CACHE_KB ("8 32"),
#      CACHE_SHIFTS (16: the BOLT outputs among CACHE_BINS also run with their hot text at 15
#      other offsets in the cache's set period, cache_shifted; 1: as built only),
#      TOOL_ROUNDS (7; quick 2), SHUFFLE_SEED (3),
#      HOTALIGN_FLAGS (hotalign's options for the plugin builds in and v2, handed over as
#      HOTLAYOUT_OPTIONS; default empty: the plugin's defaults, what a user gets;
#      e.g. -hotalign-line-start=false for the estimate-driven max-skip mode),
#      LUA_N (bench.lua reps, 1), BZIP2_KB (256;
#      quick 64), ZLIB_KB (256; quick 64), RANDOMX_ARGON_KIB, RANDOMX_NONCES_JIT,
#      RANDOMX_NONCES_INT, ALLOC_EPOCHS, ALLOC_OPS, ALLOC_ITERS (programs.sh), JUDGE_FLAGS (extra callgrind_loops.py report flags),
#      CLANG, LLVM_BIN (the LLVM tools: beside CLANG if given by path, else /usr/lib/llvm-22/bin),
#      HOTLAYOUT (its `flags` give the recipe and the plugin for CLANG), WORK (bench/work/aligned-lock),
#      RESULTS_DIR (bench/results/<date>-<machine>-aligned), PROGRAMS_SH (a file of more program
#      definitions, sourced after programs.sh; the smoke test's tiny program).
# Builds are cached in WORK (keyed by compile and link flags, plugin, its options and the contents of
# the profiles and order files they name); profiles, locks,
# BOLT runs and callgrind runs are redone every time, so a re-run measures today's apply.
# Output: RESULTS_DIR/aligned-{summary.txt, summary.csv, loops.csv, tooltime.csv,
#   tooltime-<prog>.txt, apply-<prog>-<binary>.txt, plan-<prog>-v2.txt, run-log.txt}; the summary's
#   counts table also as aligned-counts.csv.
set -Eeuo pipefail
shopt -s inherit_errexit
trap 'echo "aligned-lock: failed (exit $?) at run.sh line $LINENO: $BASH_COMMAND" >&2' ERR
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
source "$HERE/programs.sh"
[ -z "${PROGRAMS_SH:-}" ] || source "$PROGRAMS_SH"
QUICK=0; INPUT_ONLY=0; PROGS=()
for a in "$@"; do
  case $a in
    --quick) QUICK=1 ;;
    --input-only) INPUT_ONLY=1 ;;
    -*) echo "usage: $0 [--quick] [--input-only] [PROGRAM...] (programs: lua bzip2 zlib luass zstd lz4 pugixml randomx mimalloc jemalloc zopfli xz cmark sqlite lzip zstdcm libdeflate nettle pcre2 gawk xmllint flac)" >&2; exit 2 ;;
    *) declare -F "${a}_build" >/dev/null || { echo "run.sh: no program '$a' (lua bzip2 zlib luass zstd lz4 pugixml randomx mimalloc jemalloc zopfli xz cmark sqlite lzip zstdcm libdeflate nettle pcre2 gawk xmllint flac)" >&2; exit 2; }
       PROGS+=("$a") ;;
  esac
done
[ ${#PROGS[@]} -gt 0 ] || PROGS=(lua bzip2 zlib)
# The LLVM tools: LLVM_BIN, else those beside a CLANG given by its path, else LLVM 22's.
case ${CLANG:-} in /*) LLVM=${LLVM_BIN:-$(dirname "$CLANG")} ;; *) LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin} ;; esac
export CLANG=${CLANG:-$LLVM/clang} LLVM_BIN=$LLVM
MAJOR=$("$CLANG" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
# The recipe's words for CLANG (`hotlayout flags ARGS`), into the array RECIPE.
source "$ROOT/bench/common/recipe.sh"
recipe() { bench_recipe "$H" "$CLANG" "$@"; }
# The programs link (programs.sh) with the recipe's link flags, written out there.
BASE_LD="-fuse-ld=lld -Wl,--emit-relocs"
bench_recipe_links "$H" "$CLANG" "$BASE_LD"
BOLT=$LLVM/llvm-bolt
W=${WORK:-$ROOT/bench/work/aligned-lock}
if [ $QUICK = 1 ]; then
  TOOL_ROUNDS=${TOOL_ROUNDS:-2}; export BZIP2_KB=${BZIP2_KB:-64} ZLIB_KB=${ZLIB_KB:-64}
else
  TOOL_ROUNDS=${TOOL_ROUNDS:-7}
fi
SHUFFLE_SEED=${SHUFFLE_SEED:-3}
# The README's recipe: the final build takes the first build's block and function orders.
BLOCK_ORDER=${BLOCK_ORDER:-1}
case $BLOCK_ORDER in 0|1) ;; *) echo "aligned-lock: BLOCK_ORDER is 0 or 1, not '$BLOCK_ORDER'" >&2; exit 2 ;; esac
# The build's link words beyond BASE_LD (stage_link): programs.sh's recipe_ldflags hands them to
# the programs built by their own build systems, and the key of a build names them.
LINK_EXTRA=()
# Issue 30's instruction-cache count: cachegrind's I1 misses of these binaries, at these sizes.
CACHE_BINS=${CACHE_BINS-in in.bolt in.apply}
CACHE_KB=${CACHE_KB:-8 32}
# The plugin builds' hotalign options: none by default, so the tables show what the plugin's
# defaults give (defaults are the product: the numbers we quote come from what users get by default).
HOTALIGN_FLAGS=${HOTALIGN_FLAGS-}
R=${RESULTS_DIR:-$ROOT/bench/results/$(python3 "$ROOT/bench/common/machine.py" --tag)-aligned}
# PGO_KIND=ir (default): IR PGO, with the compiler's PGO data kept in the basic-block address
# map, which `hotlayout profile` turns into branch records for the functions BOLT cannot
# instrument (Lua's luaV_execute, a computed-goto interpreter). IR PGO, because clang's
# front-end instrumentation gives a computed goto's edges no weights: its map made
# luaV_execute's edges 692M of the profile's 777M counts (measured: Lua, one run).
# PGO_KIND=fe: front-end PGO without the map, the builds of the 2026-11-24 aligned-lock table.
case ${PGO_KIND:-ir} in
  ir) recipe --instrument --cflags; PGO_GEN=${RECIPE[*]}
      # The recipe's map keeps -use-iterative-bfi-inference: the map's frequencies are machine BFI's, and a computed
      # goto's dispatch, tail-duplicated into every handler, is irreducible, which default BFI
      # only approximates: it put luaV_execute's back edge to its call entry at 3.4 M where
      # callgrind counts 1.6 M (2.64 vs 1.23 per entry), so check judged that loop iterating,
      # it made 71% of the hot-coverage total and pushed 3 real hot loops (4-6 thousand
      # iterations) under the 99% cut. Iterative inference gives luaV_execute's back edges
      # callgrind's exact counts (measured: Lua, IR PGO, one run).
      # The final builds: `hotlayout flags --use PROFDATA [--no-plugin] --cflags` (use_flags).
      use_flags() { recipe --cflags --use "$@"; }
      # stage_link ARGS: the link words of `hotlayout flags --use ARGS` beyond the ones every
      # link script writes out (bench_recipe_links): the function order's, into LINK_EXTRA;
      # RECIPE (use_flags' compile flags) is left as it was.
      stage_link() {
        local cflags=("${RECIPE[@]}")
        recipe --ldflags --use "$@"
        [ "${RECIPE[*]:0:2}" = "$BASE_LD" ] ||
          { echo "aligned-lock: the recipe links with '${RECIPE[*]}', not '$BASE_LD ...'" >&2; exit 1; }
        LINK_EXTRA=("${RECIPE[@]:2}")
        RECIPE=("${cflags[@]}")
      }
      # The recipe's second build: hotalign takes the first build's own loop counts.
      LOOP_STAGE=1 ;;
  fe) PGO_GEN=-fprofile-instr-generate
      use_flags() {
        RECIPE=(-ffunction-sections -fprofile-instr-use="$1")
        [ "${2:-}" = --no-plugin ] || RECIPE+=(-fpass-plugin="$("$H" flags --cc "$CLANG" --print-plugin)")
      }
      stage_link() { LINK_EXTRA=(); }
      # No address map without the PGO map's flags: no loop profile, no orders.
      LOOP_STAGE=0; BLOCK_ORDER=0 ;;
  *) echo "aligned-lock: PGO_KIND is ir or fe, not '$PGO_KIND'" >&2; exit 2 ;;
esac
JUDGE=$ROOT/bench/common/callgrind_loops.py
PY=$(python3 -c 'import sys; print(sys.executable)')  # the interpreter itself: runs get no env
BINS="nopl in in.bolt in.apply in.noprof sh sh.bolt sh.apply v2 v2.bolt v2.apply"
# Programs with no edit (built by their own build systems): the input, llvm-bolt and apply.
APPLY_ONLY=0
for p in "${PROGS[@]}"; do declare -F "${p}_edit" >/dev/null || APPLY_ONLY=1; done
[ $APPLY_ONLY = 0 ] || BINS="nopl in in.bolt in.apply"
[ $INPUT_ONLY = 0 ] || BINS="nopl in"
# --input-only: hotalign's remarks (obj-rec/*.opt.yaml: which loops it judged hot, and why it
# aligned each or not) come from a second build of in, rec, since clang adds line tables to
# objects that record remarks; tables.py checks that rec's code is in's, byte for byte.
OPTREC="-fsave-optimization-record -foptimization-record-passes=hotalign"
mkdir -p "$R" "$W"
exec > >(tee "$R/run-log.txt") 2>&1
# Wait for tee at exit: otherwise the last lines (an error, say) can reach the caller
# after this script has returned, and a caller reading the output at once misses them.
TEE_PID=$!
trap 'exec >&- 2>&-; wait "$TEE_PID"' EXIT
T0=$(date +%s)
log() { echo "== aligned-lock $(( $(date +%s) - T0 ))s: $*"; }
for t in "$H" "$BOLT" "$LLVM/llvm-profdata" "$LLVM/ld.lld"; do
  [ -e "$t" ] || { echo "aligned-lock: $t is missing (build the project; install bolt-22, lld-22)" >&2; exit 1; }
done
command -v valgrind >/dev/null || { echo "aligned-lock: valgrind is missing" >&2; exit 1; }
# -fprofile-generate and -fprofile-instr-generate need compiler-rt's profile runtime.
source "$ROOT/scripts/lib.sh"; hl_install_deps "libclang-rt-$MAJOR-dev" valgrind
python3 "$ROOT/bench/common/machine.py" | tee "$R/machine.txt"

# A build's cache key: its compile flags, its link words beyond the base ones (LINK_EXTRA: the
# programs built by their own build systems link in the build), the contents of the plugin,
# profile, loop profile, orders and edit it uses, and the options the plugin reads from the
# environment.
key_of() {
  echo "$*"; "$CLANG" --version | head -1
  local a
  for a in "$@"; do
    case $a in -fprofile-instr-use=*|-fprofile-use=*|-fpass-plugin=*|-fbasic-block-sections=list=*|-Wl,--symbol-ordering-file=*)
      sha256sum "${a##*=}" | cut -c1-16 ;; esac
    case $a in -Xclang=-hotalign-loop-profile=*) sha256sum "${a#-Xclang=-hotalign-loop-profile=}" | cut -c1-16 ;; esac
    case $a in -fpass-plugin=*) echo "HOTLAYOUT_OPTIONS=${HOTLAYOUT_OPTIONS:-}" ;; esac
  done
}
# build_cached for a plugin build (FLAGS load it): hotalign gets HOTALIGN_FLAGS after any
# HOTLAYOUT_OPTIONS of the caller's.
build_plugin_cached() {  # PROG SRC OBJ FLAGS...
  HOTLAYOUT_OPTIONS="${HOTLAYOUT_OPTIONS:+$HOTLAYOUT_OPTIONS }$HOTALIGN_FLAGS" \
    build_cached "$@"
}
build_cached() {  # PROG SRC OBJ FLAGS...
  local p=$1 s=$2 o=$3; shift 3
  local k; k=$(key_of "$s" "$@" "${LINK_EXTRA[@]}"; declare -f "${p}_build"; ! declare -F "${p}_edit" >/dev/null || declare -f "${p}_edit")
  if [ -f "$o/done" ] && [ "$(cat "$o/key")" = "$k" ]; then return 0; fi
  log "$p: build $(basename "$o")"
  rm -rf "$o"; mkdir -p "$o"
  "${p}_build" "$s" "$o" "$@"
  echo "$k" > "$o/key"; touch "$o/done"
}
source "$HERE/workload.sh"  # run_workload, repeatable_run, outputs_of
# BOLTFLAGS, plain_bolt, shifted_output, first_hot_symbol; $W/bolt-pad.
source "$HERE/bolt.sh"

# judge_binaries PROG CHECK: in $PW, every binary of $BINS must print nopl's bytes, natively and
# under callgrind; callgrind_loops.py judges each, and with CHECK=1 `hotlayout check` too.
judge_binaries() {
  local p=$1 with_check=$2 ref h prof b rc more
  ref=$(outputs_of native nopl)
  for b in $BINS; do
    h=$(outputs_of native "$b")
    [ "$h" = "$ref" ] || { echo "aligned-lock: $p $b printed other bytes than nopl ($h vs $ref)" >&2; return 1; }
  done
  if [ "$with_check" = 1 ]; then log "$p: callgrind and check of $BINS"; else log "$p: callgrind of $BINS"; fi
  local refcg=
  for b in $BINS; do
    h=$(outputs_of callgrind "$b")
    # Under valgrind every binary must print what nopl prints there, which is what it prints
    # natively unless the program sets what valgrind does not emulate (RandomX sets the
    # MXCSR's rounding and flush-to-zero modes: valgrind warns and ignores them).
    if [ -z "$refcg" ]; then
      refcg=$h
      [ "$h" = "$ref" ] || log "$p: nopl prints other bytes under callgrind than natively ($h vs $ref): compared with nopl under callgrind"
    fi
    [ "$h" = "$refcg" ] || { echo "aligned-lock: $p $b printed other bytes under callgrind than nopl ($h vs $refcg)" >&2; return 1; }
    # A library ran under callgrind as its copy without debug sections (workload.sh's
    # cg_library): the judge reads that object, whose code and symbols are the library's.
    local judged=$PW/$b
    [ ! -f "$PW/cg-$b/lib/$b" ] || judged=$PW/cg-$b/lib/$b
    "$PY" "$JUDGE" report "$judged" "$PW/cg-$b"/cg.* --json --all --nops ${JUDGE_FLAGS:-} > "$PW/judge-$b.json"
    [ "$with_check" = 1 ] || continue
    prof=p-${b%%.*}.fdata
    # A BOLT output's profile is of its input: check maps it through BAT.
    more=; [ "$b" != "${b%%.*}" ] && more="--profiled-binary ${b%%.*}"
    rc=0; "$H" check "$b" --profile "$prof" $more --json > "check-$b.json" 2> "check-$b.err" || rc=$?
    [ $rc -le 1 ] || { cat "check-$b.err"; echo "aligned-lock: hotlayout check failed on $p $b" >&2; return 1; }
  done
  # Issue 30's instruction-cache count: the workload under cachegrind, I1 at CACHE_KB KiB.
  local kb
  for b in $CACHE_BINS; do
    case " $BINS " in *" $b "*) ;; *) continue ;; esac
    for kb in $CACHE_KB; do
      log "$p: cachegrind of $b, I1 $kb KiB"
      run_workload "cachegrind=$((kb * 1024)),8,64" "$b" "cache$kb-$b"
      h=$(cat "$PW/cache$kb-$b"/out.* | sha256sum | cut -c1-16)
      [ "$h" = "$refcg" ] || { echo "aligned-lock: $p $b printed other bytes under cachegrind than nopl under callgrind ($h vs $refcg)" >&2; return 1; }
      case $b in *.bolt|*.apply) cache_shifted "$b" "$kb" ;; esac
    done
  done
  echo "$ref" > "$PW/output.sha"
}

# cache_shifted B KB (in judge_binaries, in $PW): B, a BOLT output (X.bolt, X.apply), made again
# CACHE_SHIFTS - 1 times with its whole hot text shifted by k/CACHE_SHIFTS of the cache's set period
# (KB KiB / 8 ways: 1 KiB at 8 KiB; bolt.sh's shifted_output), each run under cachegrind into
# cacheKB-B/shiftK. Why: which cache sets a hot line maps to depends on where the hot text starts
# against libc's code, which neither tool chooses; shifting plain llvm-bolt's Lua output by 64-byte
# steps moved its 8 KiB misses from 2.51 M to 3.85 M (bench/results/2026-11-29-intel-xeon-i1-shifts),
# more than any difference between the layouts. tables.py compares the mean over the shifts.
cache_shifted() {
  local b=$1 kb=$2 k pad v=shift-$1 h
  local period=$((kb * 1024 / 8)) n=${CACHE_SHIFTS:-16}
  rm -rf "cache$kb-$b"/shift*  # an earlier run's, perhaps with more shifts
  [ "$n" -gt 1 ] || return 0
  for ((k = 1; k < n; k++)); do
    pad=$((period * k / n / 64 * 64))
    log "$p: cachegrind of $b shifted by $pad bytes, I1 $kb KiB"
    shifted_output "$b" "$pad" "$v" "cache$kb-$b/shift$k-tool.log"
    run_workload "cachegrind=$((kb * 1024)),8,64" "$v" "cache$kb-$b/shift$k"
    h=$(cat "$PW/cache$kb-$b/shift$k"/out.* | sha256sum | cut -c1-16)
    [ "$h" = "$refcg" ] || { echo "aligned-lock: $p $v (shifted by $pad) printed other bytes under cachegrind than nopl under callgrind" >&2; return 1; }
  done
  rm -f "$v"
}

# first_build NAME SRC PROFDATA (in one_program): the recipe's first build of SRC, NAME0,
# profiled; `hotlayout loops` writes its exact counts to NAME.loops and, with BLOCK_ORDER=1, its
# block and function orders to NAME.order and NAME.funcs (its summary and notes, such as hot
# loops in assembly that hotalign cannot place, go to the run's log); FINAL: the words the final
# build adds to `hotlayout flags --use PROFDATA` (README: --loop-profile, --block-order,
# --function-order).
first_build() {
  local n=$1 s=$2 pd=$3 f outs=(loops) orders=()
  use_flags "$pd"; stage_link "$pd"
  build_plugin_cached "$p" "$s" "$PW/obj-${n}0" "${RECIPE[@]}"
  (cd "$PW" && "${p}_link" "obj-${n}0" "${n}0" "${LINK_EXTRA[@]}")
  log "$p: hotlayout profile and loops of ${n}0"
  run_workload profile "${n}0" "prof-${n}0"
  if [ $BLOCK_ORDER = 1 ]; then
    orders=(--block-order "$PW/$n.order.new" --whole-functions --function-order "$PW/$n.funcs.new")
    outs+=(order funcs)
  fi
  "$H" loops "$PW/${n}0" --profile "$PW/prof-${n}0/prof.fdata" -o "$PW/$n.loops.new" "${orders[@]}"
  # Same bytes, same file date: the cached final build stays valid.
  for f in "${outs[@]}"; do
    if cmp -s "$PW/$n.$f.new" "$PW/$n.$f"; then rm "$PW/$n.$f.new"; else mv "$PW/$n.$f.new" "$PW/$n.$f"; fi
  done
  FINAL=(--loop-profile "$PW/$n.loops")
  [ $BLOCK_ORDER = 0 ] || FINAL+=(--block-order "$PW/$n.order" --function-order "$PW/$n.funcs")
}

one_program() {
  local p=$1 b
  PW=$W/$p; PROG=$p; mkdir -p "$PW/data"
  LINK_EXTRA=()
  local S; S=$("${p}_source")
  # v2's tree: a copy with the edit (the same relative paths: PGO keys static functions by path).
  local versions="v1 v2" S2=
  if [ $INPUT_ONLY = 1 ] || [ $APPLY_ONLY = 1 ]; then
    versions=v1
  else
    rm -rf "$PW/src-v2"; mkdir -p "$PW/src-v2"; cp -r "$S" "$PW/src-v2/"
    S2=$PW/src-v2/$(basename "$S")
    "${p}_edit" "$S2"
  fi
  # PGO training, per version (a release re-trains).
  local v s
  for v in $versions; do
    s=$S; [ $v = v2 ] && s=$S2
    build_cached "$p" "$s" "$PW/obj-gen-$v" $PGO_GEN
    "${p}_link" "$PW/obj-gen-$v" "$PW/gen-$v" $PGO_GEN
    if [ $v = v1 ]; then
      # gen-v1 is instrumented: without a profile file of its own it would write
      # default.profraw into the current folder (the repository).
      LLVM_PROFILE_FILE=/dev/null "${p}_prepare" "$S" "$PW/data" "$PW/gen-v1"
      "${p}_workload" > "$PW/workload.txt"
    fi
    if [ ! -f "$PW/$v.profdata" ] || [ "$PW/obj-gen-$v/done" -nt "$PW/$v.profdata" ] \
       || ! cmp -s "$PW/workload.txt" "$PW/$v.workload"; then
      log "$p: PGO training run $v"
      rm -rf "$PW/raw-$v"; mkdir -p "$PW/raw-$v"
      run_workload native "gen-$v" "raw-$v" LLVM_PROFILE_FILE="raw-$v/%p.profraw"
      "$LLVM/llvm-profdata" merge -o "$PW/$v.profdata" "$PW/raw-$v"/*.profraw
      cp "$PW/workload.txt" "$PW/$v.workload"
    fi
  done
  use_flags "$PW/v1.profdata" --no-plugin; stage_link "$PW/v1.profdata" --no-plugin
  build_cached "$p" "$S" "$PW/obj-nopl" "${RECIPE[@]}"
  # The recipe's first build, profiled; its exact counts decide the second's alignment and,
  # with BLOCK_ORDER=1, its block and function order.
  local loops=() in_link v2_link=()
  if [ $LOOP_STAGE = 1 ]; then first_build in "$S" "$PW/v1.profdata"; loops=("${FINAL[@]}"); fi
  use_flags "$PW/v1.profdata" "${loops[@]}"; stage_link "$PW/v1.profdata" "${loops[@]}"
  in_link=("${LINK_EXTRA[@]}")  # the function order's link words
  build_plugin_cached "$p" "$S" "$PW/obj-in" "${RECIPE[@]}"
  if [ $INPUT_ONLY = 1 ]; then
    build_plugin_cached "$p" "$S" "$PW/obj-rec" "${RECIPE[@]}" $OPTREC
  elif [ $APPLY_ONLY = 0 ]; then
    # The orders name the first build's blocks: a block the edit adds is in no cluster, and
    # clang splits it off into NAME.cold, which apply refuses (measured: the smoke test's crc).
    # So with the orders the edited release takes the recipe's two builds, as in did.
    [ $BLOCK_ORDER = 0 ] || { first_build v2 "$S2" "$PW/v2.profdata"; loops=("${FINAL[@]}"); }
    use_flags "$PW/v2.profdata" "${loops[@]}"; stage_link "$PW/v2.profdata" "${loops[@]}"
    v2_link=("${LINK_EXTRA[@]}")
    build_plugin_cached "$p" "$S2" "$PW/obj-v2" "${RECIPE[@]}"
  fi
  cd "$PW"
  "${p}_link" obj-nopl nopl
  "${p}_link" obj-in in "${in_link[@]}"
  if [ $INPUT_ONLY = 1 ]; then
    "${p}_link" obj-rec rec
    judge_binaries "$p" 0
    cd "$ROOT"
    return
  fi
  local profiled="nopl in sh v2"
  if [ $APPLY_ONLY = 1 ]; then
    profiled="nopl in"
  else
    "${p}_link" obj-in sh -Wl,--call-graph-profile-sort=none -Wl,--shuffle-sections=".text.*=$SHUFFLE_SEED"
    "${p}_link" obj-v2 v2 "${v2_link[@]}"
  fi
  log "$p: hotlayout profile, plan, apply; llvm-bolt"
  for b in $profiled; do run_workload profile "$b" "prof-$b"; cp "prof-$b/prof.fdata" "p-$b.fdata"; done
  # in.plan.lock: plan's lock; in.lock: the same after apply recorded its choices
  # (--write-lock: shifts, emitted sizes, code hashes), which the shuffled
  # build and, through plan --update, the edited one reuse.
  "$H" plan in --profile p-in.fdata -o in.plan.lock > plan-in.txt 2>&1
  cp in.plan.lock in.lock
  local lock rc more
  # NAME_boltflags: what plain llvm-bolt needs to keep the program working (RandomX).
  local boltmore=
  ! declare -F "${p}_boltflags" >/dev/null || boltmore=$("${p}_boltflags")
  for b in ${profiled#nopl }; do
    plain_bolt $b $b.bolt bolt-$b.log
    lock=in.lock; more=
    [ $b = in ] && more="--write-lock in.lock"
    if [ $b = v2 ]; then
      "$H" plan v2 --profile p-v2.fdata --update in.lock -o v2.lock > plan-v2.txt 2>&1
      lock=v2.lock
    fi
    # apply exits 1 when some function missed its offset or a hot loop still
    # straddles: a finding, not a failed run.
    rc=0; "$H" apply $b --lock $lock --profile p-$b.fdata $more -o $b.apply > apply-$b.txt 2>&1 || rc=$?
    echo "apply exit $rc" >> apply-$b.txt
    [ $rc -le 1 ] || { tail -5 apply-$b.txt; echo "aligned-lock: apply failed on $p $b" >&2; return 1; }
    cp apply-$b.txt "$R/aligned-apply-$p-$b.txt"
  done
  if [ $APPLY_ONLY = 1 ]; then
    judge_binaries "$p" 1
    cd "$ROOT"
    return
  fi
  # in.noprof: apply without --profile, from the lock alone (plan's choices as
  # in.apply's first run recorded them).
  rc=0; "$H" apply in --lock in.lock -o in.noprof > apply-in-noprof.txt 2>&1 || rc=$?
  [ $rc -le 1 ] || { tail -5 apply-in-noprof.txt; echo "aligned-lock: apply without --profile failed on $p" >&2; return 1; }
  cp apply-in-noprof.txt "$R/aligned-apply-$p-in-noprof.txt"
  cp plan-v2.txt "$R/aligned-plan-$p-v2.txt"
  judge_binaries "$p" 1
  log "$p: apply vs llvm-bolt wall time, $TOOL_ROUNDS rounds"
  # apply: choices in the lock (one llvm-bolt run); apply-first: plan's lock,
  # shifts solved from a first run.
  printf 'apply\t%s\t%s apply in --lock in.lock --profile p-in.fdata -o tool-apply.out >/dev/null || [ $? = 1 ]\n' "$p" "$H" > tools.txt
  printf 'apply-first\t%s\t%s apply in --lock in.plan.lock --profile p-in.fdata -o tool-apply.out >/dev/null || [ $? = 1 ]\n' "$p" "$H" >> tools.txt
  printf 'llvm-bolt\t%s\t%s in -o tool-bolt.out -data=p-in.fdata %s >/dev/null 2>&1\n' "$p" "$BOLT" "$BOLTFLAGS" >> tools.txt
  python3 "$ROOT/bench/common/interleave.py" tools.txt --rounds "$TOOL_ROUNDS" --out tooltime.csv
  python3 "$ROOT/bench/common/summarize.py" tooltime.csv --baseline llvm-bolt > "$R/aligned-tooltime-$p.txt"
  rm -f tool-apply.out tool-bolt.out
  cd "$ROOT"
}

for p in "${PROGS[@]}"; do
  log "$p"
  one_program "$p"
done
log "tables"
if [ $INPUT_ONLY = 1 ]; then
  python3 "$HERE/tables.py" --work "$W" --out "$R" --input-only "${PROGS[@]}"
  log "done: $R/aligned-input.txt"
  exit 0
fi
python3 "$HERE/tables.py" --work "$W" --out "$R" --bins "$BINS" --cache-kb "$CACHE_KB" "${PROGS[@]}"
for p in "${PROGS[@]}"; do [ $APPLY_ONLY = 1 ] || tail -n +2 "$W/$p/tooltime.csv" | sed "s/^/$p,/"; done \
  | { echo "program,round,position,config,build,value"; cat; } > "$R/aligned-tooltime.csv"
log "done: $R/aligned-summary.txt"
