#!/usr/bin/env bash
# scripts/fuzz.sh [N [SIZE]] - offline fuzzing of flushelim, against LLVM 22
# and LLVM 19. Builds first (as scripts/setup.sh does).
#   1. N llvm-stress seeds (default 1000) of SIZE instructions (default 200)
#      with random flushes inserted (test/fuzz/flush_stress.py): verify,
#      idempotence, only flush calls removed.
#   2. N/4 random JIT-shaped programs (test/fuzz/narrow_stress.py) built and
#      run before and after flushelim and in check mode against a shadow of
#      what was flushed: no stale byte executed, no inverted flush
#      (narrowing). Needs an x86-64 host; skipped elsewhere.
#   3. N random C programs of flush loops (test/fuzz/loop_fuzz.py: N/20
#      files of 20 cases), x86 and AArch64, compiled by clang -O2 and run
#      before and after flushelim (and batching) under a recorder of lines
#      written and flushed: no line written after its last flush may stay
#      unflushed. Needs an x86-64 host (the AArch64 programs run retargeted).
# Failing modules are kept in <build>/fuzz/, <build>/fuzz-narrow/ and
# <build>/fuzz-loops/ with a
# command that reproduces each. Set FUZZ_FIRST to start at another seed
# (default 1; the lit smoke tests cover 1-100 and 1-25).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

n="${1:-1000}"
size="${2:-200}"
first="${FUZZ_FIRST:-1}"
last=$((first + n - 1))
hl_install_deps || exit 1
status=0
for major in "${HL_MAJORS[@]}"; do
  hl_build "$major" || { status=1; continue; }
  dir="$(hl_build_dir "$major")"
  hl_log "LLVM $major: seeds $first-$last, size $size"
  rm -rf "$dir/fuzz"
  out="$(python3 "$HL_ROOT/test/fuzz/flush_stress.py" run \
      --opt "$(hl_llvm_prefix "$major")/bin/opt" --plugin "$dir/lib/libHotLayout.so" \
      --seeds "$first-$last" --size "$size" --work "$dir/fuzz")" || status=1
  printf '%s\n' "$out" | grep -v '^flush-stress:' || true
  printf 'LLVM %s: %s\n' "$major" "$(printf '%s\n' "$out" | tail -n1)"
  if [ "$(uname -m)" = x86_64 ]; then
    nlast=$((first + (n + 3) / 4 - 1))
    rm -rf "$dir/fuzz-narrow"
    out="$(python3 "$HL_ROOT/test/fuzz/narrow_stress.py" run \
        --opt "$(hl_llvm_prefix "$major")/bin/opt" \
        --clang "$(hl_llvm_prefix "$major")/bin/clang" \
        --plugin "$dir/lib/libHotLayout.so" --rtlib "$dir/lib" \
        --seeds "$first-$nlast" --work "$dir/fuzz-narrow")" || status=1
    printf '%s\n' "$out" | grep -v '^narrow-stress:' || true
    printf 'LLVM %s: %s\n' "$major" "$(printf '%s\n' "$out" | tail -n1)"
    rm -rf "$dir/fuzz-loops"
    for arch in x86 a64; do
      out="$(python3 "$HL_ROOT/test/fuzz/loop_fuzz.py" run --arch "$arch" \
          --opt "$(hl_llvm_prefix "$major")/bin/opt" \
          --clang "$(hl_llvm_prefix "$major")/bin/clang" \
          --plugin "$dir/lib/libHotLayout.so" --files $(((n + 19) / 20)) \
          --per-file 20 --seed "$first" --work "$dir/fuzz-loops/$arch")" || status=1
      printf '%s\n' "$out" | grep -v '^loop-fuzz:' || true
      printf 'LLVM %s: %s\n' "$major" "$(printf '%s\n' "$out" | tail -n1)"
    done
  fi
done
exit "$status"
