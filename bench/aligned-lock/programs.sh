# programs.sh - sourced by run.sh (bash): the real programs of the aligned-lock bench.
# Each program NAME defines:
#   NAME_source                   print its source directory (fetch_debian PACKAGE: Debian's)
#   NAME_build SRC OBJ FLAGS...   compile the program's C files into OBJ with the extra FLAGS
#   NAME_link OBJ OUT FLAGS...    link OUT with ld.lld and --emit-relocs
#   NAME_prepare SRC DATA BIN     write the workload's input files into DATA (BIN: a built copy)
#   NAME_workload                 print the workload: one run per line, the program's arguments;
#                                 runs start in DATA's parent: name inputs data/FILE
#   NAME_edit SRC                 edit one hot function of the copy SRC: same behaviour, new code
# Workloads are small (callgrind runs them ~50x slower) and deterministic: every binary of a
# program must print the same bytes.

fetch_debian() { "$ROOT/bench/common/fetch-source.sh" "$1" "$ROOT/bench/work/src"; }
lc_link() {  # OBJ OUT FLAGS...: a C program, lld, static relocations for BOLT
  local obj=$1 out=$2; shift 2
  "${CLANG:-clang-22}" -O2 -fuse-ld=lld -Wl,--emit-relocs "$@" -o "$out" "$obj"/*.o
}

# Lua 5.4: the interpreter (luaV_execute's dispatch, table and string loops), running
# bench/layout-lock/bench.lua (table fill, string hashing, gmatch, sort, fib), LUA_N reps.
lua_source() { fetch_debian lua5.4; }
lua_build() { local s=$1 o=$2; shift 2; "$ROOT/bench/layout-lock/build.sh" "$s" "$o" -include "$HERE/lua-fixseed.h" "$@"; }
lua_link() { "$ROOT/bench/layout-lock/link.sh" "$@"; }
lua_prepare() { cp "$ROOT/bench/layout-lock/bench.lua" "$2/"; }
lua_workload() { echo "data/bench.lua ${LUA_N:-1}"; }
# bench/layout-lock's v2 edit: alimit > 0 implies array != NULL, so the new return never runs.
lua_edit() {
  sed -i 's|^const TValue \*luaH_getint (Table \*t, lua_Integer key) {$|&\n  if (l_unlikely(t->array == NULL \&\& t->alimit != 0)) return \&absentkey;  /* bench edit: never true */|' "$1/src/ltable.c"
  grep -q 'bench edit' "$1/src/ltable.c"
}

# bzip2 1.0.8: block sorting (mainSort, mainGtU, fallbackSort), MTF and Huffman coding, and
# decompression; compresses and decompresses BZIP2_KB KiB of its own C sources and manual.
bzip2_source() { fetch_debian bzip2; }
bzip2_files="blocksort.c huffman.c crctable.c randtable.c compress.c decompress.c bzlib.c bzip2.c"
bzip2_build() { local s=$1 o=$2; shift 2; "$HERE/build-c.sh" "$s" "$o" "$bzip2_files" -D_FILE_OFFSET_BITS=64 "$@"; }
bzip2_link() { lc_link "$@"; }
text_input() {  # SRC KIB OUT FILES...: OUT = the first KIB KiB of the files, repeated as needed
  local s=$1 size=$(($2 * 1024)) out=$3; shift 3
  : > "$out"
  while [ "$(stat -c %s "$out")" -lt $size ]; do (cd "$s" && cat "$@") >> "$out"; done
  truncate -s $size "$out"
}
bzip2_prepare() {
  text_input "$1" "${BZIP2_KB:-256}" "$2/in.txt" blocksort.c compress.c decompress.c bzlib.c bzip2.c manual.xml
  "$3" -9 -c "$2/in.txt" > "$2/in.bz2"
}
bzip2_workload() { echo "-9 -c data/in.txt"; echo "-d -c data/in.bz2"; }
# generateMTFValues: s->nblock >= 0 always, so the new early exit never runs.
bzip2_edit() {
  sed -i 's|^   makeMaps_e ( s );$|   if (s->nblock < 0) { s->nMTF = 0; return; }  /* bench edit: never true */\n&|' "$1/compress.c"
  grep -q 'bench edit' "$1/compress.c"
}

# zlib 1.2.13 (minigzip): deflate -9 (longest_match, deflate_slow, the Huffman tree loops)
# and inflate (inflate_fast), on ZLIB_KB KiB of its own C sources and docs.
zlib_source() { fetch_debian zlib; }
zlib_files="adler32.c crc32.c deflate.c infback.c inffast.c inflate.c inftrees.c trees.c zutil.c
compress.c uncompr.c gzclose.c gzlib.c gzread.c gzwrite.c test/minigzip.c"
zlib_build() { local s=$1 o=$2; shift 2; "$HERE/build-c.sh" "$s" "$o" "$zlib_files" -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN "$@"; }
zlib_link() { lc_link "$@"; }
zlib_prepare() {
  text_input "$1" "${ZLIB_KB:-256}" "$2/in.txt" deflate.c inflate.c trees.c inffast.c crc32.c zlib.h doc/algorithm.txt
  "$3" -9 -c "$2/in.txt" > "$2/in.gz"
}
zlib_workload() { echo "-9 -c data/in.txt"; echo "-d -c data/in.gz"; }
# inflate_fast: the window is never larger than 32 KiB, so the new early exit never runs.
zlib_edit() {
  sed -i 's|^    state = (struct inflate_state FAR \*)strm->state;$|&\n    if (state->wsize > 32768U) return;  /* bench edit: never true */|' "$1/inffast.c"
  grep -q 'bench edit' "$1/inffast.c"
}
