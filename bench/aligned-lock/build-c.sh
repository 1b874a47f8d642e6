#!/bin/bash
# build-c.sh SRC_DIR OBJ_DIR 'FILES' [extra compile flags...]: compile FILES (paths relative to
# SRC_DIR, blank-separated) with clang -O2 -ffunction-sections and the extra flags into OBJ_DIR,
# one object per file (named after its path, .c or .cpp dropped; C++ files need CLANG=clang++).
# Diagnostics go to OBJ_DIR/build.log.
# env: CLANG (clang-22), JOBS (nproc), BUILD_C_DRY (1: write OBJ_DIR/commands.txt and compile
# nothing; bench/compile-cost takes each file's flags from it).
set -euo pipefail
SRC=$1; OBJ=$2; FILES=$3; shift 3
CC=${CLANG:-clang-22}
mkdir -p "$OBJ"
for f in $FILES; do
  printf '%s\n' "$CC -O2 -ffunction-sections -I$SRC $* -c $SRC/$f -o $OBJ/$(echo "$f" | tr / _ | sed 's/\.c\(pp\)\?$//').o"
done > "$OBJ/commands.txt"
[ "${BUILD_C_DRY:-0}" = 1 ] && exit 0
if ! xargs -P "${JOBS:-$(nproc)}" -I{} sh -c '{}' < "$OBJ/commands.txt" 2> "$OBJ/build.log"; then
  tail -30 "$OBJ/build.log" >&2; echo "build-c.sh: compiling into $OBJ failed" >&2; exit 1
fi
