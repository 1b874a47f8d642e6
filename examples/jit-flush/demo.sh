#!/usr/bin/env bash
# examples/jit-flush/demo.sh BUILD_DIR - flushelim on a small JIT (jit.c).
#
# Compiles jit.c at -O2 with and without the plugin from BUILD_DIR (using the
# clang of the LLVM major BUILD_DIR was built for), shows flushelim's remarks
# (a removed flush, a kept one, the whole-buffer flush narrowed to the rest of
# the buffer, with its byte counts), counts __clear_cache call sites in the IR
# of both, then builds and runs the program both ways, linked with
# flush_counter.c (-Wl,--wrap=__clear_cache) so each run reports the calls,
# bytes and lines it flushed: the checksums must agree and the plugin's run
# flushes less. Then runs it in flushelim's check mode (each removed flush
# and each narrowed-away part becomes a run-time check that aborts if the
# flush was needed) and profile mode (per flush site: calls, bytes asked for,
# bytes that really changed, bytes flushelim would skip and how many of those
# changed), both set through HOTLAYOUT_OPTIONS.
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

count() { grep -c 'call void @__clear_cache(' "$1" || true; }
before="$(count "$out/jit.before.ll")"
after="$(count "$out/jit.after.ll")"
echo "flush call sites: $before before, $after after (narrowing adds guarded pieces)"

# Every __clear_cache call goes through flush_counter.c, which reports at exit.
counter=(flush_counter.c -Wl,--wrap=__clear_cache)
"$clang" "${cflags[@]}" "$src" "${counter[@]}" -o "$out/jit.before"
"$clang" "${cflags[@]}" "${pass[@]}" "$src" "${counter[@]}" -o "$out/jit.after"
sum_before="$("$out/jit.before" 2>"$out/flushed.before")"
sum_after="$("$out/jit.after" 2>"$out/flushed.after")"
echo "without plugin: $sum_before; $(cat "$out/flushed.before")"
echo "with plugin:    $sum_after; $(cat "$out/flushed.after")"
if [ "$sum_before" != "$sum_after" ]; then
  echo "error: the checksums differ" >&2
  exit 1
fi

rt=(-L"$build/lib" -lhotlayout_rt -lpthread)
HOTLAYOUT_OPTIONS=-flushelim-mode=check \
  "$clang" "${cflags[@]}" "${pass[@]}" "$src" "${counter[@]}" "${rt[@]}" -o "$out/jit.check"
sum_check="$("$out/jit.check" 2>/dev/null)"  # aborts, naming both flushes, if one was needed
echo "check mode:     $sum_check (no removed flush was needed)"
HOTLAYOUT_OPTIONS=-flushelim-mode=profile \
  "$clang" "${cflags[@]}" "${pass[@]}" "$src" "${counter[@]}" "${rt[@]}" -o "$out/jit.profile"
echo "profile mode, per flush site:"
HOTLAYOUT_PROFILE="$out/profile.tsv" "$out/jit.profile" >/dev/null 2>&1
column -t -s $'\t' "$out/profile.tsv" 2>/dev/null || cat "$out/profile.tsv"
