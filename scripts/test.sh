#!/usr/bin/env bash
# scripts/test.sh - install, build (as scripts/setup.sh does) and run the whole
# test suite against LLVM 22 (lit: test/lit, with the CLI's suites, and the
# gtest unit suite) and LLVM 19 (the plugin's suites of test/lit). The last
# line is the summary over both majors:
#   hotlayout: N passed, N failed
# Exit status is non-zero when anything failed or no test ran. A major whose
# build fails counts as one failure and its tests are not run.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

passed=0
failed=0
summary() {
  echo "hotlayout: $passed passed, $failed failed"
}

if ! hl_install_deps; then
  failed=1
  summary
  exit 1
fi

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

# Every tree first: the CLI's tree installs the plugin-only trees' plugins in
# its install tests, and those trees judge their plugin with its CLI.
built=()
for major in "${HL_MAJORS[@]}"; do
  if hl_build "$major"; then
    built+=("$major")
  else
    failed=$((failed + 1))
  fi
done

for major in "${built[@]}"; do
  dir="$(hl_build_dir "$major")"
  lit="$(hl_lit "$major")" || { failed=$((failed + 1)); continue; }
  xml="$results/lit-$major.xml"
  # The unit tests (the CLI's library and the plain C++ layer) run once, in
  # the tree that builds the CLI.
  suites=("$dir/test/lit")
  [ "$major" != "$HL_CLI_MAJOR" ] || suites+=("$dir/test/unit")
  hl_log "LLVM $major: lit ${suites[*]}"
  python3 "$lit" -sv --xunit-xml-output="$xml" "${suites[@]}"
  lit_rc=$?
  # Counts from lit's xunit report: a testcase with <failure> failed (XPASS
  # included), one with <skipped> (UNSUPPORTED) counts neither way.
  read -r p f s < <(python3 - "$xml" <<'PY'
import sys
import xml.etree.ElementTree as ET
try:
    cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
except (OSError, ET.ParseError):
    print(0, 0, 0)
    sys.exit(0)
failed = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
skipped = sum(1 for c in cases if c.find("skipped") is not None)
print(len(cases) - failed - skipped, failed, skipped)
PY
)
  if [ "$lit_rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    hl_err "LLVM $major: lit exited with $lit_rc but reported no failing test; counting one failure"
    f=1
  fi
  hl_log "LLVM $major: $p passed, $f failed, $s unsupported"
  passed=$((passed + p))
  failed=$((failed + f))
done

summary
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
