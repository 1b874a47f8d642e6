# pairs.sh - sourced by run.sh and target.sh (bash): the comparisons of bench/ab, in families. A comparison's
# name starts with its family's (lua-order and lua-slow are lua's). A family F defines:
#   F_build          build its binaries under $W and, for each comparison NAME it offers, set
#                    A_OF[NAME], B_OF[NAME] (the two binaries), RUN_OF[NAME] (ab's --run
#                    command, empty to run the binary itself) and ARGS_OF[NAME] (the arguments
#                    after --, split on spaces)
#   F_instructions   print "BINARY INSTRUCTIONS" lines: callgrind totals of a small workload,
#                    the exact size of a planted slowdown
# $PAIRS_SH (run.sh) may define more families: the smoke test's tiny program.
# Families: lua (an interpreter), mi (an allocator), bz (a compressor).
# Where the families build ($W), with what ($CLANG), and the hotlayout that compares ($H).
W=${WORK:-$ROOT/bench/work/ab}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
CLANG=${CLANG:-clang-22}; export CLANG
# The planted slowdown: N increments of a static volatile counter at a function's entry.
spincode() { echo "{ static volatile unsigned bench_spin; for (int bench_i = 0; bench_i < $1; bench_i++) bench_spin++; }"; }
SPINCODE=$(spincode "$SPIN")
# callgrind's instruction total of a command, children included.
cg() { valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'; }

# Lua 5.4: bench/layout-lock's build (-O2 -ffunction-sections) and link (lld, --emit-relocs),
# running bench/layout-lock/bench.lua LUA_N. lua-cmp plants CMP_SPIN (default 4) increments
# in sort_comp, table.sort's comparison (~1.4 M calls per LUA_N; bench.lua never calls
# lua_compare, which sorts with a comparator function do not reach).
LUA_WL="$ROOT/bench/layout-lock/bench.lua"
CMP_SPIN=${CMP_SPIN:-4}
# lua_planted SRC NAME FILE PATTERN N: the Lua sources SRC with N increments after the line
# PATTERN of src/FILE, built into $W/NAME-obj and linked as $W/NAME.
lua_planted() {
  local src=$1 name=$2 file=$3 pattern=$4 n=$5
  rm -rf "$W/$name-src"; mkdir -p "$W/$name-src"; cp -r "$src/src" "$W/$name-src/"
  sed -i "s|$pattern|&\n  $(spincode "$n")  /* bench: planted slowdown */|" "$W/$name-src/src/$file"
  grep -q 'planted slowdown' "$W/$name-src/src/$file"
  "$ROOT/bench/layout-lock/build.sh" "$W/$name-src" "$W/$name-obj" > /dev/null
  "$ROOT/bench/layout-lock/link.sh" "$W/$name-obj" "$W/$name"
}
lua_build() {
  local S; S=$("$ROOT/bench/common/fetch-source.sh" lua5.4)
  "$ROOT/bench/layout-lock/build.sh" "$S" "$W/lua-obj" > /dev/null
  "$ROOT/bench/layout-lock/link.sh" "$W/lua-obj" "$W/lua-a"
  "$ROOT/bench/layout-lock/link.sh" "$W/lua-obj" "$W/lua-order" -Wl,--shuffle-sections='.text.*=7'
  lua_planted "$S" lua-slow ldo.c '^CallInfo \*luaD_precall (lua_State \*L, StkId func, int nresults) {$' "$SPIN"
  lua_planted "$S" lua-cmp ltablib.c '^static int sort_comp (lua_State \*L, int a, int b) {$' "$CMP_SPIN"
  local name
  for name in lua-order lua-slow lua-cmp; do
    A_OF[$name]=$W/lua-a; B_OF[$name]=$W/$name; RUN_OF[$name]=; ARGS_OF[$name]="$LUA_WL $LUA_N"
  done
  B_OF[lua-order]=$W/lua-order
}
lua_instructions() {
  echo "lua-a    $(cg "$W/lua-a" "$LUA_WL" 1)"
  echo "lua-slow $(cg "$W/lua-slow" "$LUA_WL" 1)"
  echo "lua-cmp  $(cg "$W/lua-cmp" "$LUA_WL" 1)"
}

# mimalloc as a malloc-overriding shared object (its single-TU static.c, -DMI_MALLOC_OVERRIDE),
# preloaded under bench/alloc's driver built for libc malloc.
MI_ARGS=${MI_ARGS:-larson 2 4 2000 150000}
mi_build() {
  local S; S=$("$ROOT/bench/common/fetch-source.sh" mimalloc)
  local F="-O2 -ffunction-sections -fPIC -g0 -w -DNDEBUG -DMI_MALLOC_OVERRIDE -I$S/include"
  $CLANG $F -c "$S/src/static.c" -o "$W/mi.o"
  rm -rf "$W/mi-slow-src"; cp -r "$S/src" "$W/mi-slow-src"
  sed -i "/^void mi_free(void\* p) mi_attr_noexcept\$/{n;s|^{\$|{\n  $SPINCODE  /* bench: planted slowdown */|}" \
    "$W/mi-slow-src/alloc.c"
  grep -q 'planted slowdown' "$W/mi-slow-src/alloc.c"
  $CLANG $F -c "$W/mi-slow-src/static.c" -o "$W/mi-slow.o"
  local L="-fuse-ld=lld -Wl,--emit-relocs -shared -pthread"
  $CLANG $L "$W/mi.o" -o "$W/libmi-a.so"
  $CLANG $L "$W/mi.o" -Wl,--shuffle-sections='.text.*=7' -o "$W/libmi-order.so"
  $CLANG $L "$W/mi-slow.o" -o "$W/libmi-slow.so"
  $CLANG -O2 -pthread "$ROOT/bench/alloc/allocbench.c" -o "$W/allocbench"
  A_OF[mi-order]=$W/libmi-a.so; B_OF[mi-order]=$W/libmi-order.so
  A_OF[mi-slow]=$W/libmi-a.so; B_OF[mi-slow]=$W/libmi-slow.so
  RUN_OF[mi-order]="env LD_PRELOAD={} $W/allocbench $MI_ARGS"; RUN_OF[mi-slow]=${RUN_OF[mi-order]}
  ARGS_OF[mi-order]=; ARGS_OF[mi-slow]=
}
mi_instructions() {
  echo "libmi-a.so    $(cg env LD_PRELOAD="$W/libmi-a.so" "$W/allocbench" larson 2 2 500 20000)"
  echo "libmi-slow.so $(cg env LD_PRELOAD="$W/libmi-slow.so" "$W/allocbench" larson 2 2 500 20000)"
}

# bzip2 1.0.8, the compressor: `bzip2 -9 -c` of BZ_KB KiB of its own sources (block sorting,
# MTF, Huffman), built as bench/aligned-lock builds it (-O2 -ffunction-sections, lld,
# --emit-relocs). bz-slow plants $SPIN increments in mainGtU, the block sort's comparison.
BZ_KB=${BZ_KB:-512}
BZ_FILES="blocksort.c huffman.c crctable.c randtable.c compress.c decompress.c bzlib.c bzip2.c"
bz_link() {  # OBJ OUT [FLAGS...]
  local obj=$1 out=$2; shift 2
  $CLANG -O2 -fuse-ld=lld -Wl,--emit-relocs "$@" -o "$out" "$obj"/*.o
}
bz_build() {
  local S; S=$("$ROOT/bench/common/fetch-source.sh" bzip2)
  "$ROOT/bench/aligned-lock/build-c.sh" "$S" "$W/bz-obj" "$BZ_FILES" -D_FILE_OFFSET_BITS=64 -w
  rm -rf "$W/bz-slow-src"; cp -r "$S" "$W/bz-slow-src"
  sed -i "/^Bool mainGtU (/,/^{\$/{s|^{\$|{\n   $SPINCODE  /* bench: planted slowdown */|}" \
    "$W/bz-slow-src/blocksort.c"
  grep -q 'planted slowdown' "$W/bz-slow-src/blocksort.c"
  "$ROOT/bench/aligned-lock/build-c.sh" "$W/bz-slow-src" "$W/bz-slow-obj" "$BZ_FILES" -D_FILE_OFFSET_BITS=64 -w
  bz_link "$W/bz-obj" "$W/bz-a"
  bz_link "$W/bz-obj" "$W/bz-order" -Wl,--shuffle-sections='.text.*=7'
  bz_link "$W/bz-slow-obj" "$W/bz-slow"
  : > "$W/bz-in.txt"
  while [ "$(stat -c %s "$W/bz-in.txt")" -lt $((BZ_KB * 1024)) ]; do
    (cd "$S" && cat blocksort.c compress.c decompress.c bzlib.c bzip2.c manual.xml) >> "$W/bz-in.txt"
  done
  truncate -s $((BZ_KB * 1024)) "$W/bz-in.txt"
  local name
  for name in bz-order bz-slow; do
    A_OF[$name]=$W/bz-a; B_OF[$name]=$W/$name; RUN_OF[$name]=; ARGS_OF[$name]="-9 -c $W/bz-in.txt"
  done
}
bz_instructions() {
  echo "bz-a    $(cg "$W/bz-a" -9 -c "$W/bz-in.txt")"
  echo "bz-slow $(cg "$W/bz-slow" -9 -c "$W/bz-in.txt")"
}
