#!/usr/bin/env bash
# Offset sweep for hotalign: four tight loops, each built with 0..63 bytes of
# code before it, by stock clang -O2 and by clang -O2 with the hotlayout
# plugin; counts placements that straddle a 64-byte line and times them all.
#
#   bench/align/run.sh [--quick] [--pgo]
#
#   --quick  100 timing rounds instead of 1000 (the builds are the same: all
#            64 pads of every kernel and build, ~2 minutes on 2 cores)
#   --pgo    also build with the plugin and an instrumented profile
#            (-fprofile-instr-generate, a training run, llvm-profdata merge,
#            -fprofile-instr-use); installs compiler-rt's profile runtime
#            (Debian: libclang-rt-22-dev) if missing
#
# Environment:
#   CLANG        compiler (default clang-22; must match the plugin's LLVM major)
#   PLUGIN       hotlayout pass plugin (default <repo>/build/lib/libHotLayout.so)
#   HOTLAYOUT    hotlayout CLI, for `hotlayout check` (default <repo>/build/bin/hotlayout)
#   ROUNDS       timing rounds (overrides --quick)
#   MACHINE_TAG  results folder suffix (default: hostname)
#   RESULTS_DIR  results folder (overrides the two above; bench/run.sh sets it)
#
# Writes bench/results/<date>-<tag>/:
#   align-layout.csv   per kernel, build and pad: loop start, size, lines, straddles,
#                      .text bytes, hotalign's span estimate and max-skip
#   align-times.csv.gz raw samples (kernel,build,pad,round,position,ns,calls,iters)
#   align-offsets.csv  per kernel, build and pad: min/p10/median/p90/max ns per
#                      iteration, within-round normalised median, spread
#   align-summary.txt  machine, toolchain, method, per-kernel results, markdown table
#   align-time.png     median time vs pad, per kernel and build
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rounds=1000
pgo=
for arg in "$@"; do
  case $arg in
    --quick) rounds=100 ;;
    --pgo) pgo=1 ;;
    *) echo "usage: $0 [--quick] [--pgo]" >&2; exit 2 ;;
  esac
done
rounds=${ROUNDS:-$rounds}
# matplotlib for the plot; with --pgo, the profile runtime of -fprofile-instr-generate.
source "$repo/bench/common/deps.sh"
bench_deps ${pgo:+libclang-rt-22-dev}

CLANG=${CLANG:-clang-22}
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
HOTLAYOUT=${HOTLAYOUT:-$repo/build/bin/hotlayout}
tag=${MACHINE_TAG:-$(hostname)}
llvm_bin=$(dirname "$(readlink -f "$(command -v "$CLANG")")")

for f in "$PLUGIN" "$HOTLAYOUT"; do
  if [[ ! -x $f && ! -f $f ]]; then
    echo "error: $f not found; build it (cmake -S . -B build -G Ninja &&" \
         "ninja -C build HotLayout hotlayout) or set PLUGIN= / HOTLAYOUT=" >&2
    exit 1
  fi
done

# One folder per machine and day, shared with other benches (files are
# prefixed align-); a second sweep the same day goes to <date>-<tag>-2, ...
out=$repo/bench/results/$(date +%Y-%m-%d)-$tag
if [[ -n ${RESULTS_DIR:-} ]]; then
  out=$RESULTS_DIR
elif [[ -e $out/align-summary.txt ]]; then
  n=2
  while [[ -e $out-$n/align-summary.txt ]]; do n=$((n + 1)); done
  out=$out-$n
fi
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
summary=$out/align-summary.txt

"$CLANG" -O2 -Wall -Wextra "$here/align_bench.c" -ldl -o "$work/align_bench"

cpu_field() { grep -m1 "^$1" /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'; }
{
  echo "# hotalign offset sweep, bench/align/run.sh $*"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# cpu: $(cpu_field 'model name') (family $(cpu_field 'cpu family'), model $(cpu_field 'model\s*:'))," \
       "$(getconf _NPROCESSORS_ONLN) CPUs online"
  echo "# kernel: $(uname -srmv)"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# compiler: $("$CLANG" --version | head -1)"
  echo "# plugin: $PLUGIN"
  echo "# hotlayout revision: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
       "$(git -C "$repo" diff --quiet 2>/dev/null || echo '(working tree modified)')"
  echo "# builds: $CLANG -O2 -fPIC -shared -fuse-ld=lld -DKERNEL_<K> -DPAD=<0..63> kernels.c;"
  echo "#   stock: as is; plugin: + -fpass-plugin; noalign: + -falign-loops=1${pgo:+; pgo: plugin + -fprofile-instr-use}"
  echo "# timing: align_bench, $rounds rounds (+3 dropped), every build of a kernel once per round in"
  echo "#   random order, one untimed call then one ~25 us sample; pinned to CPU $(( $(getconf _NPROCESSORS_ONLN) - 1 ))"
} > "$summary"

pgo_args=()
if [[ $pgo ]]; then
  mkdir -p "$work/pgo"
  for k in store8 bytesum branchy mix; do
    "$CLANG" -O2 -fPIC -shared -fuse-ld=lld -fprofile-instr-generate \
      -DKERNEL_${k^^} -DPAD=0 "$here/kernels.c" -o "$work/pgo/$k-instr.so"
    echo "$k train 0 $work/pgo/$k-instr.so" > "$work/pgo/$k.manifest"
    LLVM_PROFILE_FILE=$work/pgo/$k.profraw \
      "$work/align_bench" -r 5 -o /dev/null "$work/pgo/$k.manifest" 2>/dev/null
    "$llvm_bin/llvm-profdata" merge -o "$work/pgo/$k.profdata" "$work/pgo/$k.profraw"
  done
  pgo_args=(--pgo "$work/pgo")
fi

echo "building (every kernel x build x 64 pads)..." >&2
python3 "$here/build_sweep.py" --clang "$CLANG" --plugin "$PLUGIN" \
  --hotlayout "$HOTLAYOUT" --llvm-size "$llvm_bin/llvm-size" --work "$work/so" \
  --layout "$out/align-layout.csv" "${pgo_args[@]}" >&2

echo "timing ($rounds rounds)..." >&2
"$work/align_bench" -r "$rounds" -o "$out/align-times.csv" "$work/so/manifest.txt"
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$summary"

python3 "$here/analyze.py" "$out/align-layout.csv" "$out/align-times.csv" \
  --offsets "$out/align-offsets.csv" --png "$out/align-time.png" >> "$summary"
gzip -9 "$out/align-times.csv"  # ~38 MB -> ~6 MB for 1000 rounds
cat "$summary"
echo "results: $out"
