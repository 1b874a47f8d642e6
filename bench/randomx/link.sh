#!/bin/bash
# link.sh OBJ_DIR OUT [extra link flags...]: link randomx-benchmark from build.sh's objects with
# ld.lld and --emit-relocs (BOLT, hence hotlayout profile/apply, needs the static relocations).
# env: CLANGXX (clang++-22).
set -euo pipefail
OBJ=$1; OUT=$2; shift 2
"${CLANGXX:-clang++-22}" -O2 -fuse-ld=lld -Wl,--emit-relocs -pthread "$@" -o "$OUT" "$OBJ"/*.o
