#!/bin/sh
# build.sh SRC_DIR OBJ_DIR [extra cflags]: compile Lua's src/*.c (not luac.c) once.
# env: CLANG (clang-22); BUILD_C_DRY=1 writes OBJ_DIR/commands.txt and compiles nothing, as
# bench/aligned-lock/build-c.sh does (bench/compile-cost takes each file's flags from it).
set -eu
SRC=$1; OBJ=$2; shift 2
CC=${CLANG:-clang-22}
mkdir -p "$OBJ/inc"
# Debian's luaconf.h includes a header its rules generate.
echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' > "$OBJ/inc/lua5.4-deb-multiarch.h"
for f in "$SRC"/src/*.c; do
  b=$(basename "$f" .c)
  [ "$b" = luac ] && continue
  echo "$CC -O2 -ffunction-sections -DLUA_USE_POSIX -DLUA_USE_DLOPEN -I$OBJ/inc $* -c $f -o $OBJ/$b.o"
done > "$OBJ/commands.txt"
[ "${BUILD_C_DRY:-0}" = 1 ] && exit 0
xargs -P "$(nproc)" -I{} sh -c '{}' < "$OBJ/commands.txt"
