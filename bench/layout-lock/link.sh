#!/bin/sh
# link.sh OBJ_DIR OUT [extra link flags]: link with lld and --emit-relocs (BOLT needs them).
set -eu
OBJ=$1; OUT=$2; shift 2
CC=${CLANG:-clang-22}
$CC -O2 -fuse-ld=lld -Wl,--emit-relocs "$@" -o "$OUT" "$OBJ"/*.o -lm -ldl
