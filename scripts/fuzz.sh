#!/usr/bin/env bash
# scripts/fuzz.sh [N [SIZE]] - offline fuzzing of flushelim: N llvm-stress
# seeds (default 1000) of SIZE instructions (default 200) with random flushes
# inserted (test/fuzz/flush_stress.py), against LLVM 22 and LLVM 19. Builds
# first (as scripts/setup.sh does). Failing modules are kept in
# <build>/fuzz/ with a command that reproduces each. Set FUZZ_FIRST to start
# at another seed (default 1; the lit smoke test covers 1-100 at size 100).
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
done
exit "$status"
