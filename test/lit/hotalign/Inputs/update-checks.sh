#!/bin/bash
# update-checks.sh TEST... - regenerates the generated CHECK lines of hotalign
# tests with LLVM's update scripts, which read lit RUN lines but know none of
# our substitutions:
#   *.mir  update_mir_test_checks.py on the RUN lines that print MIR
#          (`-o - | FileCheck`); remark lines keep their hand-written prefixes.
#   *.ll   update_llc_test_checks.py on the RUN line with --check-prefix=ASM,
#          then each generated `.p2align` check accepts LLVM 19's x86 fill
#          byte (`, 0x90`) as well as LLVM 22's empty one.
# Environment: UTC (folder holding update_*_test_checks.py and
# UpdateTestChecks/, from llvm-project's llvm/utils; required), LLC (default
# llc-22), PLUGIN (default <repo>/build/lib/libHotLayout.so). Review the diff.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../../../.." && pwd)
: "${UTC:?set UTC to the folder of update_llc_test_checks.py}"
LLC=${LLC:-llc-22}
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
llc=$(command -v "$LLC")
for test in "$@"; do
  tmp=$(mktemp "${TMPDIR:-/tmp}/update-checks.XXXXXX.${test##*.}")
  case $test in
    *.mir)
      sed -e "/RUN:.*-o - | FileCheck/{s|%llc |llc |;s|%plugin|$PLUGIN|g}" "$test" > "$tmp"
      python3 "$UTC/update_mir_test_checks.py" --llc-binary "$llc" "$tmp"
      sed -e "/RUN:/{s|RUN: llc |RUN: %llc |;s|$PLUGIN|%plugin|g}" "$tmp" > "$test" ;;
    *.ll)
      sed -e "/--check-prefix=ASM/s|%plugin|$PLUGIN|g" "$test" > "$tmp"
      python3 "$UTC/update_llc_test_checks.py" --tool %llc --llc-binary "$llc" "$tmp"
      sed -e "/RUN:/s|$PLUGIN|%plugin|g" \
        -e '/^; ASM/{s/\.p2align \([0-9]*\), , \([0-9]*\)$/.p2align \1, {{(0x90)?}}, \2{{$}}/;s/\.p2align \([0-9]*\)$/.p2align \1{{(, 0x90)?}}{{$}}/}' \
        "$tmp" > "$test" ;;
    *) echo "update-checks.sh: $test: not a .mir or .ll test" >&2; rm -f "$tmp"; exit 2 ;;
  esac
  rm -f "$tmp"
done
