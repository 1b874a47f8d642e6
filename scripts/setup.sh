#!/usr/bin/env bash
# scripts/setup.sh - install every dependency, build hotlayout for LLVM 22
# (build/) and LLVM 19 (build-19/), then run the two bundled demos with LLVM 22:
# examples/hot-loops/demo.sh (a PGO build with the plugin, then hotlayout
# profile, check, plan, apply and check again: one line per step) and
# examples/jit-flush/demo.sh (flushelim on a small JIT). Exits non-zero when a
# demo fails. Safe to re-run: apt is skipped when everything is installed and
# the builds are incremental.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

hl_install_deps
for major in "${HL_MAJORS[@]}"; do
  hl_build "$major"
done
hl_log "demo: examples/hot-loops with LLVM 22"
"$HL_ROOT/examples/hot-loops/demo.sh" "$(hl_build_dir 22)"
hl_log "demo: examples/jit-flush with LLVM 22"
"$HL_ROOT/examples/jit-flush/demo.sh" "$(hl_build_dir 22)"
