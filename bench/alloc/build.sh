#!/bin/bash
# build.sh: compile (once, cached) and link the allocbench builds of bench/alloc.
#
#   build.sh objs ALLOC CONFIG           compile the objects of ALLOC+CONFIG into $WORK/obj/ALLOC-CONFIG
#   build.sh link ALLOC CONFIG OUT [LDFLAGS...]   link them into OUT (lld, --emit-relocs)
#
# ALLOC: mimalloc (its single-TU src/static.c, no malloc override: the driver calls mi_malloc)
#        jemalloc (configure --with-jemalloc-prefix=je_ --disable-shared, lib/libjemalloc.a;
#                  configured once into $WORK/jemalloc-configured, then copied per CONFIG)
# CONFIG and its added compile flags (on top of -O2 -ffunction-sections):
#   stock  none
#   gen    the recipe's training build: `hotlayout flags --instrument`
#   pgo    the recipe's final build, `hotlayout flags --use $WORK/prof/ALLOC.profdata` (IR PGO,
#          the PGO map, the plugin for CLANG's major), and -Rpass=hotalign
# The driver (allocbench.c) is compiled with the same flags as the allocator. Objects are reused
# while their key (flags, driver source, plugin and profile checksums) is unchanged.
# env: WORK (default bench/work/alloc), CLANG (clang-22), HOTLAYOUT (build/bin/hotlayout),
#      MIMALLOC_SRC, JEMALLOC_SRC (default: bench/common/fetch-source.sh mimalloc|jemalloc)
# outputs: $WORK/obj/ALLOC-CONFIG/{driver.o, static.o | libjemalloc.a, compile.log, key}
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
W=${WORK:-$ROOT/bench/work/alloc}
CLANG=${CLANG:-clang-22}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
source "$ROOT/bench/common/recipe.sh"
CMD=$1; ALLOC=$2; CONFIG=$3; shift 3
OBJ=$W/obj/$ALLOC-$CONFIG
BASE="-O2 -ffunction-sections"

case $ALLOC in
  mimalloc) DEF=-DALLOC_MIMALLOC ;;
  jemalloc) DEF=-DALLOC_JEMALLOC ;;
  *) echo "build.sh: unknown allocator '$ALLOC' (mimalloc, jemalloc)" >&2; exit 2 ;;
esac
case $CONFIG in
  stock) FLAGS="" ;;
  gen) bench_recipe "$H" "$CLANG" --instrument --cflags; FLAGS="${RECIPE[*]}" ;;
  pgo) bench_recipe "$H" "$CLANG" --use "$W/prof/$ALLOC.profdata" --cflags
       FLAGS="${RECIPE[*]} -Rpass=hotalign" ;;
  *) echo "build.sh: unknown config '$CONFIG' (stock, gen, pgo)" >&2; exit 2 ;;
esac

if [ "$CMD" = link ]; then
  OUT=$1; shift
  # The recipe's link flags (stock: the final build's, without PGO).
  stage=(); [ "$CONFIG" = gen ] && stage=(--instrument)
  bench_recipe "$H" "$CLANG" "${stage[@]}" --ldflags
  LINK="${RECIPE[*]} -pthread"
  if [ "$ALLOC" = mimalloc ]; then
    $CLANG -O2 $LINK "$@" -o "$OUT" "$OBJ/driver.o" "$OBJ/static.o"
  else
    $CLANG -O2 $LINK "$@" -o "$OUT" "$OBJ/driver.o" "$OBJ/libjemalloc.a" -lm
  fi
  exit 0
fi
[ "$CMD" = objs ] || { echo "build.sh: unknown command '$CMD' (objs, link)" >&2; exit 2; }

src() { # the Debian source tree of $1
  local v; v=$(echo "$1" | tr a-z A-Z)_SRC
  if [ -n "${!v:-}" ]; then echo "${!v}"; else "$ROOT/bench/common/fetch-source.sh" "$1"; fi
}
S=$(src "$ALLOC")
KEY="$ALLOC $CONFIG $($CLANG --version | head -1) | $BASE $FLAGS | $S | $(md5sum < "$HERE/allocbench.c")"
[ "$CONFIG" = pgo ] && KEY="$KEY | plugin $(md5sum < "$("$H" flags --cc "$CLANG" --print-plugin)") | profile $(md5sum < "$W/prof/$ALLOC.profdata")"
if [ -f "$OBJ/key" ] && [ "$(cat "$OBJ/key")" = "$KEY" ]; then
  echo "build.sh: $ALLOC-$CONFIG objects are up to date" >&2; exit 0
fi
rm -rf "$OBJ"; mkdir -p "$OBJ"
echo "build.sh: compiling $ALLOC-$CONFIG" >&2
$CLANG $BASE $FLAGS $DEF -pthread -c "$HERE/allocbench.c" -o "$OBJ/driver.o" 2> "$OBJ/compile.log"
if [ "$ALLOC" = mimalloc ]; then
  # -DNDEBUG: mimalloc turns its debug checks (MI_DEBUG=2) on without it.
  $CLANG $BASE $FLAGS -g0 -w -DNDEBUG -I"$S/include" -c "$S/src/static.c" -o "$OBJ/static.o" \
    2>> "$OBJ/compile.log"
else
  CFG=$W/jemalloc-configured
  CFGKEY="$S $($CLANG --version | head -1) v1"
  if ! [ -f "$CFG/key" ] || [ "$(cat "$CFG/key")" != "$CFGKEY" ]; then
    echo "build.sh: configuring jemalloc (once)" >&2
    rm -rf "$CFG"; mkdir -p "$CFG"
    # Debian's page and huge-page sizes (debian/rules) so the build does not depend on this host.
    (cd "$CFG" && CC=$CLANG CFLAGS="$BASE -g0 -w" "$S/configure" --with-jemalloc-prefix=je_ \
       --disable-shared --disable-cxx --with-lg-page=12 --with-lg-hugepage=21 > configure.log 2>&1) \
      || { tail -20 "$CFG/configure.log" >&2; exit 1; }
    echo "$CFGKEY" > "$CFG/key"
  fi
  cp -a "$CFG" "$OBJ/je"
  # EXTRA_CFLAGS comes last on jemalloc's compile lines.
  make -C "$OBJ/je" -j"$(nproc)" EXTRA_CFLAGS="$FLAGS" lib/libjemalloc.a >> "$OBJ/compile.log" 2>&1 \
    || { tail -30 "$OBJ/compile.log" >&2; exit 1; }
  cp "$OBJ/je/lib/libjemalloc.a" "$OBJ/libjemalloc.a"
fi
echo "$KEY" > "$OBJ/key"
