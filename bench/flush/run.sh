#!/usr/bin/env bash
# Builds clflush_bench with clang -O2 -mclflushopt and runs it.
#
#   bench/flush/run.sh [--quick] [--no-plugin]
#
# Environment:
#   CLANG        compiler (default clang-22; must match the plugin's LLVM major)
#   PLUGIN       hotlayout pass plugin (default <repo>/build/lib/libHotLayout.so)
#   MACHINE_TAG  results folder suffix (default: hostname)
#   RESULTS_DIR  results folder (overrides the two above; bench/run.sh sets it)
#
# Writes bench/results/<date>-<tag>/: flush.csv (raw samples), summary.txt
# (machine, toolchain, per-size table), kernel-*.s (the flush loops as
# compiled) and flush.png (when matplotlib is installed).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
quick=
batched=1
for arg in "$@"; do
  case $arg in
    --quick) quick=-q ;;
    --no-plugin) batched= ;;
    *) echo "usage: $0 [--quick] [--no-plugin]" >&2; exit 2 ;;
  esac
done

CLANG=${CLANG:-clang-22}
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
tag=${MACHINE_TAG:-$(hostname)}
objdump=${OBJDUMP:-$(dirname "$(readlink -f "$(command -v "$CLANG")")")/llvm-objdump}

if [[ $batched && ! -f $PLUGIN ]]; then
  echo "error: $PLUGIN not found; build it (cmake -S . -B build -G Ninja &&" \
       "ninja -C build), set PLUGIN=, or pass --no-plugin" >&2
  exit 1
fi

out=$repo/bench/results/$(date +%Y-%m-%d)-$tag
if [[ -n ${RESULTS_DIR:-} ]]; then
  out=$RESULTS_DIR
elif [[ -e $out ]]; then
  n=2
  while [[ -e $out-$n ]]; do n=$((n + 1)); done
  out=$out-$n
fi
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cflags=(-O2 -mclflushopt -Wall -Wextra)
"$CLANG" "${cflags[@]}" -DFLUSH_FN=flush_clflush -c "$here/flush_kernel.c" -o "$work/kernel-plain.o"
"$CLANG" "${cflags[@]}" -c "$here/flush_opt.c" -o "$work/opt.o"
objs=("$work/kernel-plain.o" "$work/opt.o")
driver_flags=()
if [[ $batched ]]; then
  HOTLAYOUT_OPTIONS=-flushelim-batch-clflush \
    "$CLANG" "${cflags[@]}" -fpass-plugin="$PLUGIN" -DFLUSH_FN=flush_batched \
    -c "$here/flush_kernel.c" -o "$work/kernel-batched.o"
  objs+=("$work/kernel-batched.o")
else
  driver_flags+=(-DNO_BATCHED)
fi
"$CLANG" "${cflags[@]}" "${driver_flags[@]}" "$here/clflush_bench.c" "${objs[@]}" -o "$work/clflush_bench"

# The comparison means something only if the baseline really issues clflush
# and the plugin really turned the same loop into clflushopt + sfence.
disasm() { "$objdump" -d --no-show-raw-insn "$1" | sed -n '/>:$/,$p'; }
disasm "$work/kernel-plain.o" > "$out/kernel-plain.s"
grep -qw clflush "$out/kernel-plain.s" && ! grep -qw clflushopt "$out/kernel-plain.s" || {
  echo "error: the plain kernel does not look like a clflush loop: see $out/kernel-plain.s" >&2
  exit 1
}
if [[ $batched ]]; then
  disasm "$work/kernel-batched.o" > "$out/kernel-batched.s"
  if ! grep -qw clflushopt "$out/kernel-batched.s" || ! grep -qw sfence "$out/kernel-batched.s" ||
     grep -qw clflush "$out/kernel-batched.s"; then
    echo "error: the plugin did not batch the loop (no clflushopt + sfence): see" \
         "$out/kernel-batched.s; is $PLUGIN built with -flushelim-batch-clflush support?" >&2
    exit 1
  fi
fi

{
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "# compiler: $("$CLANG" --version | head -1)"
  echo "# flags: ${cflags[*]}"
  if [[ $batched ]]; then
    echo "# batched variant: -fpass-plugin=$PLUGIN, HOTLAYOUT_OPTIONS=-flushelim-batch-clflush"
  fi
  echo "# hotlayout revision: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)" \
       "$(git -C "$repo" diff --quiet 2>/dev/null || echo '(working tree modified)')"
  "$work/clflush_bench" $quick -o "$out/flush.csv"
} | tee "$out/summary.txt"

if python3 -c 'import matplotlib' 2>/dev/null; then
  python3 "$here/plot_flush.py" "$out/flush.csv" -o "$out/flush.png"
else
  echo "note: no matplotlib (pip install matplotlib); skipped $out/flush.png" >&2
fi
echo "results: $out"
