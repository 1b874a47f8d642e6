#!/bin/bash
# Experiment only: also pass -pad-funcs NAME/1:N for each NAME:N (BOLT's name for a local function).
args=()
for a in "$@"; do
  args+=("$a")
  case "$a" in -pad-funcs=*) n=${a#-pad-funcs=}; args+=("-pad-funcs=${n%:*}/1:${n##*:}");; esac
done
exec /usr/lib/llvm-22/bin/llvm-bolt "${args[@]}"
