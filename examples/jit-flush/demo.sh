#!/usr/bin/env bash
# examples/jit-flush/demo.sh BUILD_DIR - flushelim on a small JIT (jit.c).
#
# Compiles jit.c at -O2 with and without the plugin from BUILD_DIR (using the
# clang of the LLVM major BUILD_DIR was built for), shows flushelim's remarks,
# counts llvm.clear_cache calls in the IR of both, then builds and runs the
# program both ways: the checksums must agree. Then runs it in flushelim's
# check mode (each removed flush becomes a run-time check that aborts if the
# flush was needed) and profile mode (per flush site: calls, bytes asked for,
# bytes that really changed), both set through HOTLAYOUT_OPTIONS.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BUILD_DIR   (e.g. $0 build)" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../demo-lib.sh"
demo_build_tree "$1"
clang="$tools/clang"

out="$build/examples/jit-flush"
mkdir -p "$out"
# Compile from here with a relative name so remarks say jit.c:LINE.
cd "$here"
src=jit.c
cflags=(-O2 -g -Wall -Wextra)
pass=(-fpass-plugin="$plugin")
remarks=(-Rpass=flushelim -Rpass-missed=flushelim -Rpass-analysis=flushelim)

echo "== $("$clang" --version | head -n1)"
echo "== remarks: $clang ${cflags[*]} -fpass-plugin=$plugin ${remarks[*]}"
"$clang" "${cflags[@]}" "${pass[@]}" "${remarks[@]}" -S -emit-llvm "$src" \
    -o "$out/jit.after.ll" 2>"$out/remarks.txt"
cat "$out/remarks.txt"
"$clang" "${cflags[@]}" -S -emit-llvm "$src" -o "$out/jit.before.ll"

count() { grep -c 'call void @llvm\.clear_cache(' "$1" || true; }
before="$(count "$out/jit.before.ll")"
after="$(count "$out/jit.after.ll")"
echo "flushes: $before before, $after after"
if [ "$after" -ge "$before" ]; then
  echo "note: flushelim removed no flush here (expected one: run_redundant's re-flush)"
fi

"$clang" "${cflags[@]}" "$src" -o "$out/jit.before"
"$clang" "${cflags[@]}" "${pass[@]}" "$src" -o "$out/jit.after"
sum_before="$("$out/jit.before")"
sum_after="$("$out/jit.after")"
echo "without plugin: $sum_before"
echo "with plugin:    $sum_after"
if [ "$sum_before" != "$sum_after" ]; then
  echo "error: the checksums differ" >&2
  exit 1
fi

rt=(-L"$build/lib" -lhotlayout_rt -lpthread)
HOTLAYOUT_OPTIONS=-flushelim-mode=check \
  "$clang" "${cflags[@]}" "${pass[@]}" "$src" "${rt[@]}" -o "$out/jit.check"
sum_check="$("$out/jit.check")"  # aborts, naming both flushes, if one was needed
echo "check mode:     $sum_check (no removed flush was needed)"
HOTLAYOUT_OPTIONS=-flushelim-mode=profile \
  "$clang" "${cflags[@]}" "${pass[@]}" "$src" "${rt[@]}" -o "$out/jit.profile"
echo "profile mode, per flush site:"
HOTLAYOUT_PROFILE="$out/profile.tsv" "$out/jit.profile" >/dev/null
column -t -s $'\t' "$out/profile.tsv" 2>/dev/null || cat "$out/profile.tsv"
