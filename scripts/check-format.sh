#!/usr/bin/env bash
# scripts/check-format.sh [ROOT] - exit 0 when every C/C++ source of the
# project under ROOT (default: this repository) is formatted as .clang-format
# says, else list the files that are not and exit 1. One clang-format major
# (22) for every build, since majors format differently.
#
# Checked: passes/ llvm-plugin/ runtime/ tools/ test/unit/ examples/. Not
# checked: test/lit inputs (their line numbers are asserted by the tests) and
# bench/ programs (kept as measured).
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
cf="${CLANG_FORMAT:-$(command -v clang-format-22 || echo /usr/lib/llvm-22/bin/clang-format)}"
[ -x "$cf" ] || { echo "error: no clang-format-22 (apt-get install clang-format-22, or set CLANG_FORMAT)" >&2; exit 2; }
cd "$root" || exit 2
mapfile -t files < <(find passes llvm-plugin runtime tools test/unit examples \
    -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.c' \) 2>/dev/null | sort)
[ ${#files[@]} -gt 0 ] || { echo "error: no sources under $root" >&2; exit 2; }
bad=0
for f in "${files[@]}"; do
  if ! "$cf" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "not clang-formatted: $f (fix: $cf -i $f)"
    bad=1
  fi
done
[ $bad -eq 0 ] && echo "clang-format: ${#files[@]} files clean"
exit $bad
