#!/bin/bash
# run.sh [--quick]: RandomX (Debian's librandomx source, x86-64) layout-tax bench and cost bench.
#
# 1. Layout tax: randomx-benchmark (light mode, --verify --jit) in three configs, each linked 8
#    times with ld.lld --shuffle-sections='.text.*=SEED' (plus --randomize-section-padding=SEED
#    when ld.lld has it), SEED = 1..8:
#      stock  clang -O2 -ffunction-sections (build.sh), lld, --emit-relocs;
#      pgo    the recipe users get, `hotlayout flags --use P` (P: a `hotlayout flags --instrument`
#             build running TRAIN_NONCES nonces; IR PGO, the PGO map, the plugin);
#      apply  the pgo objects; `hotlayout profile` of the unshuffled pgo link (TRAIN_NONCES
#             nonces), `hotlayout plan` on it, `hotlayout apply --lock --profile P.fdata` (the
#             unshuffled link's profile: same code) to each shuffled pgo link (exit 1, some
#             function missed its offset, is kept as a finding).
#    RandomX's JIT copies its code templates out of jit_compiler_x86_static.S at run time, from
#    one label to the next; the labels are untyped (STT_NOTYPE) code symbols, which BOLT takes
#    for functions. hotlayout profile and apply leave them where the linker put them (llvm-bolt
#    -skip-funcs-file); plain llvm-bolt without that breaks the templates: recorded once in
#    randomx-noskip.txt. Sample: the benchmark's own "Performance: X ms per
#    hash" (light mode prints ms per hash; the cache initialisation is outside it), lower is
#    better; interleave.py runs all 24 builds per round; every run's "Calculated result" must equal
#    the stock build's at the same nonce count. `--verify --jit --nonces 1000` checks RandomX's
#    reference hash on the seed-1 build of each config (quick: stock only).
# 2. Compile cost: every C/C++ TU compiled -O2 with and without -fpass-plugin (no PGO),
#    interleaved per TU; per-TU samples and per-round sums (compile_totals.py), ratio to stock.
# 3. `hotlayout apply --lock --profile P.fdata` vs plain `llvm-bolt -data=P.fdata -lite=0
#    -reorder-functions=hfsort -reorder-blocks=ext-tsp -split-functions -split-all-cold
#    -skip-funcs-file=<the labels apply skips>`, both on the unshuffled pgo link, interleaved wall
#    time, ratio to llvm-bolt.
#
# env: NONCES (timed runs; 64, quick 16), ROUNDS (layout rounds after 1 warm-up; 7, quick 3),
#      CC_ROUNDS (compile rounds; 4, quick 2), TOOL_ROUNDS (30, quick 10), TRAIN_NONCES (64),
#      SEEDS ("1 2 3 4 5 6 7 8"), PIN (command prefix for timed runs, e.g. "taskset -c 1"; none),
#      LLVM_BIN (/usr/lib/llvm-22/bin), HOTLAYOUT (its `flags` give the recipe and the plugin),
#      WORK (bench/work/randomx),
#      RESULTS_DIR (bench/results/<MACHINE_TAG>; bench/run.sh sets it), MACHINE_TAG.
# Builds are cached in WORK (build.sh); links, profile, lock and applies are redone each run.
# Output: RESULTS_DIR/randomx-{summary.txt, times.csv, times.png, compile-times.csv,
#   compile-totals.csv, compile.png, tooltime.csv, tooltime.png, apply.txt, plan.txt, lock.json,
#   skip-funcs.txt, noskip.txt, verify-<config>.txt, hotalign-remarks.txt}.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
QUICK=0
case "${1:-}" in --quick) QUICK=1 ;; "") ;; *) echo "usage: $0 [--quick]" >&2; exit 2 ;; esac
LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin}
export CLANG=${CLANG:-$LLVM/clang} CLANGXX=${CLANGXX:-$LLVM/clang++}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
source "$ROOT/bench/common/recipe.sh"
recipe() { bench_recipe "$H" "$CLANG" "$@"; }
W=${WORK:-$ROOT/bench/work/randomx}
if [ $QUICK = 1 ]; then
  NONCES=${NONCES:-16}; ROUNDS=${ROUNDS:-3}; CC_ROUNDS=${CC_ROUNDS:-2}; TOOL_ROUNDS=${TOOL_ROUNDS:-10}
  VERIFY_CONFIGS=stock
else
  NONCES=${NONCES:-64}; ROUNDS=${ROUNDS:-7}; CC_ROUNDS=${CC_ROUNDS:-4}; TOOL_ROUNDS=${TOOL_ROUNDS:-30}
  VERIFY_CONFIGS="stock pgo apply"
fi
TRAIN_NONCES=${TRAIN_NONCES:-64}
SEEDS=${SEEDS:-1 2 3 4 5 6 7 8}
PIN=${PIN:-}
if [ -n "${RESULTS_DIR:-}" ]; then R=$RESULTS_DIR
else R=$ROOT/bench/results/${MACHINE_TAG:-$(python3 "$ROOT/bench/common/machine.py" --tag)}; fi
P=$R/randomx
mkdir -p "$R" "$W/bin" "$W/tmp"
# Plain llvm-bolt's flags (tool timing, noskip record). -lite=0 as apply --profile runs BOLT: in lite
# mode (BOLT's default with a profile) it leaves every function without samples alone.
BOLTFLAGS="-lite=0 -reorder-functions=hfsort -reorder-blocks=ext-tsp -split-functions -split-all-cold"
log() { echo "== randomx: $*" >&2; }
T0=$(date +%s); PHASES=""
phase() { PHASES="$PHASES$1: $(( $(date +%s) - T0 )) s since start"$'\n'; }
# The "Calculated result" hash a run printed (stdin).
hash_of() { sed -n 's/^Calculated result: \([0-9a-f]\{64\}\)$/\1/p' | grep . || { echo "randomx: no Calculated result" >&2; return 1; }; }
bench_cmd() { echo "--verify --jit --nonces $1"; }
# The untyped code labels of a binary, one a line, as hotlayout finds them (untypedCodeLabels in
# tools/hotlayout/lib/BoltDriver.cpp): .symtab STT_NOTYPE symbols in executable sections, not at a
# typed function's start, not named .L* or $*.
code_labels() {
  "$LLVM/llvm-readelf" -SsW "$1" | awk '
    match($0, /^ *\[ *[0-9]+\]/) { i = substr($0, 1, RLENGTH); gsub(/[^0-9]/, "", i)
      n = split(substr($0, RLENGTH + 1), f); if (n == 10 && f[7] ~ /X/) x[i] = 1; next }
    /^Symbol table / { tab = $3; next }
    tab == "'"'"'.symtab'"'"'" && $1 ~ /^[0-9]+:$/ && ($7 in x) {
      if ($4 == "FUNC") fn[$2] = 1
      else if ($4 == "NOTYPE" && $8 != "" && $8 !~ /^(\.L|\$)/) lab[$8] = $2 }
    END { for (l in lab) if (!(lab[l] in fn)) print l }' | LC_ALL=C sort -u
}

log "fetch"; S=$("$ROOT/bench/common/fetch-source.sh" librandomx)
[ -f "$S/src/tests/benchmark.cpp" ] || { echo "randomx: $S is not RandomX's source" >&2; exit 1; }
# link.sh writes out the recipe's link flags; the compile-cost part loads its plugin.
bench_recipe_links "$H" "$CLANG" "-fuse-ld=lld -Wl,--emit-relocs"
PLUGIN=$("$H" flags --cc "$CLANG" --print-plugin)
for t in "$H" "$PLUGIN" "$LLVM/llvm-bolt" "$LLVM/llvm-profdata" "$LLVM/ld.lld"; do
  [ -e "$t" ] || { echo "randomx: $t is missing (build the project / install bolt-22, lld-22)" >&2; exit 1; }
done
# -fprofile-instr-generate needs compiler-rt's profile runtime.
source "$ROOT/bench/common/deps.sh"; bench_deps libclang-rt-22-dev
LINKFLAGS_DESC="--shuffle-sections='.text.*=SEED'"
PADDING=0
if "$LLVM/ld.lld" --help | grep -q -- --randomize-section-padding; then
  PADDING=1; LINKFLAGS_DESC="$LINKFLAGS_DESC --randomize-section-padding=SEED"
fi
seedflags() {
  echo "-Wl,--shuffle-sections=.text.*=$1"
  [ $PADDING = 0 ] || echo "-Wl,--randomize-section-padding=$1"
}

log "build (cached in $W)"
"$HERE/build.sh" "$S" "$W/obj-stock"
recipe --instrument --cflags; "$HERE/build.sh" "$S" "$W/obj-gen" "${RECIPE[@]}"
"$HERE/link.sh" "$W/obj-stock" "$W/bin/rx-stock"
recipe --instrument --ldflags; "$HERE/link.sh" "$W/obj-gen" "$W/bin/rx-gen" "${RECIPE[@]}"
# Hash at the training count, from stock: the training run must compute the same.
TRAIN_HASH=$("$W/bin/rx-stock" $(bench_cmd "$TRAIN_NONCES") | hash_of)
if [ ! -f "$W/train.profdata" ] || [ "$W/obj-gen/done" -nt "$W/train.profdata" ]; then
  log "PGO training run ($TRAIN_NONCES nonces)"
  rm -f "$W"/tmp/train-*.profraw
  LLVM_PROFILE_FILE="$W/tmp/train-%p.profraw" "$W/bin/rx-gen" $(bench_cmd "$TRAIN_NONCES") > "$W/train-run.txt"
  [ "$(hash_of < "$W/train-run.txt")" = "$TRAIN_HASH" ] || { echo "randomx: training build computed another hash" >&2; exit 1; }
  "$LLVM/llvm-profdata" merge -o "$W/train.profdata" "$W"/tmp/train-*.profraw
  rm -f "$W/obj-pgo/done"
fi
recipe --use "$W/train.profdata" --cflags; "$HERE/build.sh" "$S" "$W/obj-pgo" "${RECIPE[@]}" -Rpass=hotalign
"$HERE/link.sh" "$W/obj-pgo" "$W/bin/rx-pgo"
{ echo "hotalign remarks in the pgo build (-Rpass=hotalign), by the file of the loop (headers included):"
  grep -o '^[^:]*:[0-9]*:[0-9]*: remark: aligned hot loop' "$W/obj-pgo/build.log" | sed 's|:.*||; s|.*/src/||' | sort | uniq -c
  echo "total: $(grep -c 'remark: aligned hot loop' "$W/obj-pgo/build.log" || true) aligned hot loops"
  echo "other diagnostics: $(grep -v 'remark: aligned hot loop' "$W/obj-pgo/build.log" | grep -c -E 'warning:|error:' || true) warnings/errors"
} > "$P-hotalign-remarks.txt"
for s in $SEEDS; do
  "$HERE/link.sh" "$W/obj-stock" "$W/bin/rx-stock-s$s" $(seedflags "$s")
  "$HERE/link.sh" "$W/obj-pgo" "$W/bin/rx-pgo-s$s" $(seedflags "$s")
done
S1=$(echo $SEEDS | cut -d' ' -f1)
phase "builds and links"

log "profile, plan, apply"
HASH4=$("$W/bin/rx-stock-s$S1" $(bench_cmd 4) | hash_of)
"$H" profile --quiet -o "$W/P.fdata" -- "$W/bin/rx-pgo" $(bench_cmd "$TRAIN_NONCES") > "$W/profile-run.txt"
[ "$(hash_of < "$W/profile-run.txt")" = "$TRAIN_HASH" ] || { echo "randomx: the BOLT-instrumented pgo build computed another hash" >&2; exit 1; }
"$H" plan "$W/bin/rx-pgo" --profile "$W/P.fdata" -o "$W/randomx.lock" > "$P-plan.txt" 2>&1
cp "$W/randomx.lock" "$P-lock.json"
SMOKE="{} $(bench_cmd 4) | grep -qx 'Calculated result: $HASH4'"
: > "$P-apply.txt"
for s in $SEEDS; do
  set +e
  "$H" apply "$W/bin/rx-pgo-s$s" --lock "$W/randomx.lock" --profile "$W/P.fdata" -o "$W/bin/rx-apply-s$s" \
    --smoke "$SMOKE" > "$W/apply-s$s.txt" 2>&1
  rc=$?; set -e
  [ $rc -le 1 ] || { cat "$W/apply-s$s.txt" >&2; echo "randomx: hotlayout apply failed (exit $rc)" >&2; exit 1; }
  { echo "seed $s: exit $rc: $(tail -1 "$W/apply-s$s.txt")"; grep -E 'MOVED|MISSING' "$W/apply-s$s.txt" | sed 's/^/    /' || true; } >> "$P-apply.txt"
done
# The labels plain llvm-bolt is told to skip in the tool timing: the ones apply skips.
code_labels "$W/bin/rx-pgo" > "$W/skip-funcs.txt"
cp "$W/skip-funcs.txt" "$P-skip-funcs.txt"
NLABELS=$(grep -c . "$W/skip-funcs.txt" || true)
APPLY_LABELS=$(sed -n 's/^\([0-9]*\) untyped code labels* left where the linker put them.*/\1/p' "$W/apply-s$S1.txt")
[ "$NLABELS" -gt 0 ] && [ "$NLABELS" = "$APPLY_LABELS" ] || {
  echo "randomx: llvm-readelf finds $NLABELS untyped code labels in rx-pgo, apply skipped ${APPLY_LABELS:-none}" >&2; exit 1; }
# Why hotlayout skips them, recorded once: plain llvm-bolt without -skip-funcs, with the tool
# timing's flags, then (for contrast) in lite mode, where BOLT leaves the unprofiled labels alone.
{ for v in full lite; do
    if [ $v = full ]; then f=$BOLTFLAGS; else f=${BOLTFLAGS/-lite=0 /}; fi
    echo "llvm-bolt rx-pgo -o rx-bolt-noskip-$v -data=P.fdata $f (llvm-bolt of $LLVM, no -skip-funcs), then $(bench_cmd 4):"
    rm -f "$W/bin/rx-bolt-noskip-$v"
    set +e
    "$LLVM/llvm-bolt" "$W/bin/rx-pgo" -o "$W/bin/rx-bolt-noskip-$v" -data="$W/P.fdata" $f > "$W/bolt-noskip-$v.txt" 2>&1
    rc=$?
    echo "  llvm-bolt exit $rc$([ $rc = 0 ] || echo ": $(tail -1 "$W/bolt-noskip-$v.txt")")"
    if [ $rc = 0 ]; then
      # In a subshell, so that bash's "Segmentation fault" notice lands in the log, not on the terminal.
      (timeout 120 "$W/bin/rx-bolt-noskip-$v" $(bench_cmd 4) > "$W/noskip-run-$v.txt" 2>&1) 2>> "$W/noskip-run-$v.txt"
      rc=$?
      h=$(hash_of < "$W/noskip-run-$v.txt" 2>/dev/null || echo none)
      echo "  run exit $rc ($(if [ $rc = 124 ]; then echo "timed out after 120 s"; elif [ $rc -gt 128 ]; then echo "signal $(kill -l $((rc - 128)))"; else echo "no signal"; fi)); hash $h: $([ "$h" = "$HASH4" ] && echo matches || echo "does not match") stock's $HASH4"
    fi
    set -e
  done
} > "$P-noskip.txt"
phase "profile, plan, applies"

log "reference hash (1000 nonces) of ${VERIFY_CONFIGS// /, } (seed $S1 builds)"
for c in $VERIFY_CONFIGS; do
  "$W/bin/rx-$c-s$S1" $(bench_cmd 1000) > "$P-verify-$c.txt"
  calc=$(hash_of < "$P-verify-$c.txt")
  ref=$(sed -n 's/^Reference result: *//p' "$P-verify-$c.txt")
  [ -n "$calc" ] && [ "$calc" = "$ref" ] || { echo "randomx: $c: calculated $calc, reference $ref" >&2; exit 1; }
done
phase "reference-hash check"

log "layout timing: 3 configs x $(echo $SEEDS | wc -w) builds, $NONCES nonces, $ROUNDS rounds (+1 warm-up)"
HASHN=$("$W/bin/rx-stock-s$S1" $(bench_cmd "$NONCES") | hash_of)
: > "$W/variants.txt"
for c in stock pgo apply; do for s in $SEEDS; do
  printf '%s\ts%s\t%s\n' "$c" "$s" "$PIN $W/bin/rx-$c-s$s $(bench_cmd "$NONCES")" >> "$W/variants.txt"
done; done
python3 "$ROOT/bench/common/interleave.py" "$W/variants.txt" --rounds "$ROUNDS" --out "$P-times.csv" \
  --metric 'Performance: ([0-9.]+) ms per hash' --expect "^Calculated result: $HASHN\$"
phase "layout timing"

log "compile cost: $CC_ROUNDS rounds (+1 warm-up)"
: > "$W/cc-variants.txt"
mkdir -p "$W/cc/stock" "$W/cc/plugin"
"$HERE/build.sh" --list "$S" "$W/cc/stock" | grep -v '\.S	' | sed 's/^/stock	/' >> "$W/cc-variants.txt"
"$HERE/build.sh" --list "$S" "$W/cc/plugin" -fpass-plugin="$PLUGIN" | grep -v '\.S	' | sed 's/^/plugin	/' >> "$W/cc-variants.txt"
python3 "$ROOT/bench/common/interleave.py" "$W/cc-variants.txt" --rounds "$CC_ROUNDS" --out "$P-compile-times.csv" --same-output
python3 "$HERE/compile_totals.py" "$P-compile-times.csv" > "$P-compile-totals.csv"
phase "compile cost"

log "apply vs llvm-bolt: $TOOL_ROUNDS rounds (+1 warm-up)"
printf 'apply\trx-pgo\t%s\n' "$H apply $W/bin/rx-pgo --lock $W/randomx.lock --profile $W/P.fdata -o $W/tmp/tool-apply.out > $W/tmp/tool-apply.log 2>&1; [ \$? -le 1 ] && echo ok" > "$W/tool-variants.txt"
printf 'llvm-bolt\trx-pgo\t%s\n' "$LLVM/llvm-bolt $W/bin/rx-pgo -o $W/tmp/tool-bolt.out -data=$W/P.fdata $BOLTFLAGS -skip-funcs-file=$W/skip-funcs.txt > $W/tmp/tool-bolt.log 2>&1 && echo ok" >> "$W/tool-variants.txt"
python3 "$ROOT/bench/common/interleave.py" "$W/tool-variants.txt" --rounds "$TOOL_ROUNDS" --out "$P-tooltime.csv" --expect '^ok$'
# Both outputs must compute the reference hash.
for o in tool-apply tool-bolt; do
  [ "$("$W/tmp/$o.out" $(bench_cmd 4) | hash_of)" = "$HASH4" ] || { echo "randomx: $o output computes another hash" >&2; exit 1; }
done
phase "apply vs llvm-bolt"

log "summary"
SUM=$P-summary.txt
{
  python3 "$ROOT/bench/common/machine.py"
  echo "toolchain: $("$CLANG" --version | head -1); $("$LLVM/ld.lld" --version | head -1); llvm-bolt $("$LLVM/llvm-bolt" --version | grep -i 'llvm version' | head -1 | sed 's/^ *//'); hotlayout from $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- passes tools runtime 2>/dev/null || echo ' (+ uncommitted changes)')"
  echo "source: $(basename "$S") (Debian librandomx source package, upstream tarball)"
  echo "mode: $([ $QUICK = 1 ] && echo quick || echo full); run took $(( $(date +%s) - T0 )) s; phases:"
  printf '%s' "$PHASES" | sed 's/^/  /'
  echo
  echo "## Layout tax: randomx-benchmark $(bench_cmd "$NONCES") (light mode)"
  echo "sample: the benchmark's 'Performance: X ms per hash' (lower is better; excludes the ~1 s cache init)"
  echo "builds: $(echo $SEEDS | wc -w) links per config with $LINKFLAGS_DESC, SEED in $SEEDS"
  echo "compile: -O2 -ffunction-sections -maes -DNDEBUG (upstream's per-file -mssse3/-mavx2); link: clang++ -fuse-ld=lld -Wl,--emit-relocs -pthread"
  echo "pgo: the recipe, hotlayout flags --use (training: a hotlayout flags --instrument build, $(bench_cmd "$TRAIN_NONCES"); IR PGO, the PGO map, the plugin $PLUGIN)"
  echo "apply: hotlayout profile ($(bench_cmd "$TRAIN_NONCES"), BOLT instrumentation) of the unshuffled pgo link, plan, apply --lock --profile <that fdata> to each shuffled pgo link"
  echo "JIT templates: hotlayout profile and apply leave rx-pgo's $NLABELS untyped code labels (jit_compiler_x86_static.S; randomx-skip-funcs.txt) where the linker put them (llvm-bolt -skip-funcs-file); apply says:"
  grep -m1 'untyped code label' "$W/apply-s$S1.txt" | sed 's/^/  /'
  echo "every timed run's Calculated result = $HASHN (stock at $NONCES nonces)"
  for c in $VERIFY_CONFIGS; do
    echo "reference check $c (seed $S1, 1000 nonces): $(grep '^Calculated' "$P-verify-$c.txt") = reference: OK"
  done
  echo
  python3 "$ROOT/bench/common/summarize.py" "$P-times.csv" --baseline stock --unit ms/hash \
    --png "$P-times.png" --title "RandomX light mode, ms per hash, 8 shuffled links per config"
  echo
  cat "$P-hotalign-remarks.txt"
  echo
  echo "plan: $(tail -1 "$P-plan.txt")"
  echo "apply per shuffled pgo link (exit 1 = some function not at its locked offset; every MOVED line in randomx-apply.txt):"
  grep '^seed' "$P-apply.txt"
  echo "first MOVED function per seed and why:"
  awk '/^seed/ { s = $2 } /MOVED/ && s != "" { print "  seed " s " " $0; s = "" }' "$P-apply.txt" | sed 's/  */ /g'
  if grep -q 'left it at its input address' "$P-apply.txt"; then
    echo "(a function BOLT did not rewrite: on this machine's first run, rxa2_fill_first_blocks, because the JIT"
    echo " template's placeholder 'call' in randomx_dataset_init targets randomx_dataset_init+0x3000, which some"
    echo " links put mid-instruction into it: BOLT then reports 'reference in the middle of instruction' and"
    echo " leaves the function at its input address; apply leaves its reservation empty, so the functions after it"
    echo " keep their offsets.)"
  fi
  echo
  echo "plain llvm-bolt without -skip-funcs (why hotlayout skips the labels):"
  cat "$P-noskip.txt"
  echo
  echo "## Compile cost of the plugin (no PGO; every C/C++ TU, -O2; $CC_ROUNDS rounds; wall time per TU in s)"
  echo "(builds = TUs here: the spread columns compare different TUs; the ratio is per round, median TU over median TU)"
  python3 "$ROOT/bench/common/summarize.py" "$P-compile-times.csv" --baseline stock --png "$P-compile.png" \
    --title "RandomX compile time per TU, normalised"
  echo
  echo "whole build (sum of the TUs of a round, compile_totals.py):"
  python3 "$ROOT/bench/common/summarize.py" "$P-compile-totals.csv" --baseline stock
  echo
  echo "## hotlayout apply vs llvm-bolt on rx-pgo (wall time in s, $TOOL_ROUNDS rounds)"
  echo "llvm-bolt flags: -data=P.fdata $BOLTFLAGS -skip-funcs-file=<the $NLABELS labels apply skips>"
  echo "apply: --lock randomx.lock --profile P.fdata: $(head -1 "$W/tmp/tool-apply.log")"
  python3 "$ROOT/bench/common/summarize.py" "$P-tooltime.csv" --baseline llvm-bolt --png "$P-tooltime.png" \
    --title "apply vs llvm-bolt wall time"
} > "$SUM"
cat "$SUM"
log "done: $R"
