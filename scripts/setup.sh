#!/usr/bin/env bash
# scripts/setup.sh - install every dependency, build hotlayout for LLVM 22
# (build/) and LLVM 19 (build-19/), then run the bundled JIT example through
# flushelim (examples/jit-flush/demo.sh build). Safe to re-run: apt is skipped
# when everything is installed and the builds are incremental.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

hl_install_deps
for major in "${HL_MAJORS[@]}"; do
  hl_build "$major"
done
hl_log "demo: examples/jit-flush with LLVM 22"
"$HL_ROOT/examples/jit-flush/demo.sh" "$(hl_build_dir 22)"
