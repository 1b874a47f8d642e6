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
# same_program NEW OLD: NEW's source, build, link and edit are OLD's (another workload of one
# program); NEW defines its own prepare and workload.
same_program() {
  local f
  for f in source build link edit; do eval "${1}_$f() { ${2}_$f \"\$@\"; }"; done
}
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

# zstd 1.5.4 (Debian's libzstd source package, the zstd CLI): compression level 3 (the
# default: ZSTD_compressBlock_doubleFast, the Huffman and FSE encoders) and decompression
# (ZSTD_decompressSequences, HUF_decompress4X), on ZSTD_KB KiB of its own C sources; single
# thread, no assembly Huffman decoder (ZSTD_DISABLE_ASM: build-c.sh compiles C only), no
# legacy formats.
zstd_source() { fetch_debian libzstd; }
zstd_files="lib/common/debug.c lib/common/entropy_common.c lib/common/error_private.c
lib/common/fse_decompress.c lib/common/pool.c lib/common/threading.c lib/common/xxhash.c
lib/common/zstd_common.c lib/compress/fse_compress.c lib/compress/hist.c
lib/compress/huf_compress.c lib/compress/zstd_compress.c lib/compress/zstd_compress_literals.c
lib/compress/zstd_compress_sequences.c lib/compress/zstd_compress_superblock.c
lib/compress/zstd_double_fast.c lib/compress/zstd_fast.c lib/compress/zstd_lazy.c
lib/compress/zstd_ldm.c lib/compress/zstd_opt.c lib/compress/zstdmt_compress.c
lib/decompress/huf_decompress.c lib/decompress/zstd_ddict.c lib/decompress/zstd_decompress.c
lib/decompress/zstd_decompress_block.c lib/dictBuilder/cover.c lib/dictBuilder/divsufsort.c
lib/dictBuilder/fastcover.c lib/dictBuilder/zdict.c programs/benchfn.c programs/benchzstd.c
programs/datagen.c programs/dibio.c programs/fileio.c programs/fileio_asyncio.c
programs/timefn.c programs/util.c programs/zstdcli.c programs/zstdcli_trace.c"
zstd_build() {
  local s=$1 o=$2; shift 2
  "$HERE/build-c.sh" "$s" "$o" "$zstd_files" -I"$s/lib" -I"$s/lib/common" -DZSTD_DISABLE_ASM \
    -DZSTD_LEGACY_SUPPORT=0 -DXXH_NAMESPACE=ZSTD_ "$@"
}
zstd_link() { lc_link "$@"; }
zstd_prepare() {
  text_input "$1" "${ZSTD_KB:-256}" "$2/in.txt" lib/compress/zstd_compress.c \
    lib/decompress/zstd_decompress_block.c lib/zstd.h programs/fileio.c
  "$3" -q -3 -c "$2/in.txt" > "$2/in.zst"
}
zstd_workload() { echo "-q -3 -c data/in.txt"; echo "-q -d -c data/in.zst"; }
# ZSTD_decompressBlock_internal: a block is never larger than 128 KiB plus its header, so the
# new early exit never runs.
zstd_edit() {
  sed -i 's|^{   /\* blockType == blockCompressed \*/$|&\n    if (srcSize > ((size_t)1 << 30)) return ERROR(srcSize_wrong);  /* bench edit: never true */|' \
    "$1/lib/decompress/zstd_decompress_block.c"
  grep -q 'bench edit' "$1/lib/decompress/zstd_decompress_block.c"
}

# lz4 1.9.4 (the lz4 CLI): fast compression (LZ4_compress_generic), high compression -9
# (LZ4HC's match finder) and decompression (LZ4_decompress_generic), on LZ4_KB KiB of its
# own C sources.
lz4_source() { fetch_debian lz4; }
lz4_files="lib/lz4.c lib/lz4hc.c lib/lz4frame.c lib/lz4file.c lib/xxhash.c programs/bench.c
programs/datagen.c programs/lz4cli.c programs/lz4io.c"
lz4_build() { local s=$1 o=$2; shift 2; "$HERE/build-c.sh" "$s" "$o" "$lz4_files" -I"$s/lib" "$@"; }
lz4_link() { lc_link "$@"; }
lz4_prepare() {
  text_input "$1" "${LZ4_KB:-256}" "$2/in.txt" lib/lz4.c lib/lz4hc.c lib/lz4frame.c programs/lz4io.c
  "$3" -q -1 -c "$2/in.txt" > "$2/in.lz4"
}
lz4_workload() { echo "-q -1 -c data/in.txt"; echo "-q -9 -c data/in.txt"; echo "-q -d -c data/in.lz4"; }
# LZ4_decompress_safe: the CLI never passes a negative capacity, so the new return never runs.
lz4_edit() {
  sed -i '/^int LZ4_decompress_safe(const char\* source, char\* dest, int compressedSize, int maxDecompressedSize)$/{n;s|^{$|{\n    if (maxDecompressedSize < -1000000) return -1;  /* bench edit: never true */|}' "$1/lib/lz4.c"
  grep -q 'bench edit' "$1/lib/lz4.c"
}

# pugixml 1.13 (Debian's source package; a C++ program): its parser (parse_tree, the
# pcdata and attribute converters, the allocator), DOM walk, writer and XPath engine, driven by
# our xmlbench.cpp (its header says what each run does) on a PUGIXML_RECORDS-record document
# it generates (2000: 1.2 MB; CR LF line ends, entities, CDATA, comments, PIs). The source
# tree is a copy of Debian's with xmlbench.cpp in it, named after the driver's hash, so a
# changed driver is a new tree and a new build key. clang++ (CLANG++) compiles both files
# with the build's recipe flags; the link is clang++'s (libstdc++).
pugixml_source() {
  local s h d
  s=$(fetch_debian pugixml)
  h=$(sha256sum "$HERE/xmlbench.cpp" | cut -c1-12)
  d=$W/src/$(basename "$s")-xmlbench-$h
  if [ ! -f "$d/xmlbench.cpp" ]; then
    rm -rf "$d"; mkdir -p "$W/src"; cp -r "$s" "$d.tmp"; cp "$HERE/xmlbench.cpp" "$d.tmp/"
    mv "$d.tmp" "$d"
  fi
  echo "$d"
}
pugixml_build() {
  local s=$1 o=$2; shift 2
  CLANG="${CLANG:-clang-22}++" "$HERE/build-c.sh" "$s" "$o" "src/pugixml.cpp xmlbench.cpp" -I"$s/src" "$@"
}
pugixml_link() {
  local obj=$1 out=$2; shift 2
  "${CLANG:-clang-22}++" -O2 -fuse-ld=lld -Wl,--emit-relocs "$@" -o "$out" "$obj"/*.o
}
pugixml_prepare() { "$3" gen "${PUGIXML_RECORDS:-2000}" > "$2/doc.xml"; }
pugixml_workload() { echo "parse data/doc.xml ${PUGIXML_PARSES:-6}"; echo "xpath data/doc.xml ${PUGIXML_XPATHS:-3}"; }
# xml_parser::parse_tree: the allocator never has more bytes busy than a page holds (allocate_memory
# takes a new page first), so the new early exit never runs.
pugixml_edit() {
  sed -i '/^\t\tchar_t\* parse_tree(char_t\* s, xml_node_struct\* root, unsigned int optmsk, char_t endch)$/,/^\t\t\tchar_t\* mark = s;$/{s|^\t\t\tchar_t\* mark = s;$|&\n\t\t\tif (PUGI__UNLIKELY(alloc->_busy_size > xml_memory_page_size)) return s;  /* bench edit: never true */|}' "$1/src/pugixml.cpp"
  grep -q 'bench edit' "$1/src/pugixml.cpp"
}

# luass: Lua 5.4 on a workload hotalign was not tuned on (lua-strings-sort.lua: string
# building, hashing and matching, sorts of strings and of numbers with a Lua comparator).
# Same build, edit and seeds as lua.
same_program luass lua
luass_prepare() { cp "$HERE/lua-strings-sort.lua" "$2/"; }
luass_workload() { echo "data/lua-strings-sort.lua ${LUA_N:-1}"; }

# --- Named users, built by their own build systems. Their NAME_build hands the
# recipe's compile flags (the FLAGS) to the project's build system for every source it
# compiles (C, C++, assembly) and the recipe's link flags for the same stage to its links;
# NAME_link copies the artifact out (the build system linked it). No edit: run.sh measures
# them with nopl, in, in.bolt and in.apply only. A shared library defines NAME_host (the
# program that loads it, preloaded: workload.sh).

# recipe_ldflags FLAGS...: the recipe's link flags for the stage that compiles with FLAGS, with
# run.sh's LINK_EXTRA for that stage (`hotlayout flags --use ... --function-order F`'s
# -Wl,--symbol-ordering-file=F: the final build links in the function order).
recipe_ldflags() {
  case " $* " in
    *" -fprofile-generate "*) bench_recipe "$H" "$CLANG" --instrument --ldflags ;;
    *) bench_recipe "$H" "$CLANG" --ldflags
       RECIPE+=(${LINK_EXTRA[@]+"${LINK_EXTRA[@]}"}) ;;
  esac
  echo "${RECIPE[*]}"
}
# configure_in SRC OBJ ARGS...: SRC's configure (autoconf's, or one that takes the same
# variables) run out of tree in OBJ/b with ARGS; its output in OBJ/configure.log.
configure_in() {
  local s=$1 o=$2; shift 2
  mkdir -p "$o/b"
  (cd "$o/b" && "$s/configure" "$@" > "$o/configure.log" 2>&1) \
    || { tail -20 "$o/configure.log" >&2; echo "aligned-lock: configure of $s failed" >&2; return 1; }
}
# configure_c SRC OBJ EXTRA 'OPTIONS' FLAGS...: configure_in for a C program: CC, CFLAGS -O2 with
# EXTRA and the build's FLAGS, LDFLAGS the recipe's for them (recipe_ldflags), then OPTIONS.
configure_c() {
  local s=$1 o=$2 extra=$3 opts=$4 ld; shift 4
  ld=$(recipe_ldflags "$@")
  configure_in "$s" "$o" CC="$CLANG" CFLAGS="-O2 $extra $*" LDFLAGS="$ld" $opts
}
# make_in DIR OBJ TARGETS...: make TARGETS in DIR, its output added to OBJ/build.log.
make_in() {
  local d=$1 o=$2; shift 2
  make -C "$d" -j"${JOBS:-$(nproc)}" "$@" >> "$o/build.log" 2>&1 \
    || { tail -30 "$o/build.log" >&2; echo "aligned-lock: make in $d failed" >&2; return 1; }
}
# cmake_build SRC OBJ TARGET 'CMAKE OPTIONS' FLAGS...: SRC's CMake project configured into
# OBJ/b (Release, as both projects default to) with FLAGS as CMAKE_C_FLAGS, CMAKE_CXX_FLAGS
# and CMAKE_ASM_FLAGS and the stage's link flags for executables and shared libraries; builds
# TARGET. Logs: OBJ/cmake.log, OBJ/build.log.
cmake_build() {
  local s=$1 o=$2 t=$3 opts=$4 ld; shift 4
  ld=$(recipe_ldflags "$@")
  cmake -S "$s" -B "$o/b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CLANG" \
    -DCMAKE_CXX_COMPILER="$CLANG++" -DCMAKE_C_FLAGS="$*" -DCMAKE_CXX_FLAGS="$*" \
    -DCMAKE_ASM_FLAGS="$*" -DCMAKE_EXE_LINKER_FLAGS="$ld" -DCMAKE_SHARED_LINKER_FLAGS="$ld" \
    $opts > "$o/cmake.log" 2>&1 || { tail -20 "$o/cmake.log" >&2; echo "aligned-lock: cmake of $s failed" >&2; return 1; }
  ninja -C "$o/b" -j"${JOBS:-$(nproc)}" "$t" > "$o/build.log" 2>&1 \
    || { tail -30 "$o/build.log" >&2; echo "aligned-lock: building $t of $s failed" >&2; return 1; }
}

# RandomX 1.1.10 (Debian's librandomx source; CMake builds librandomx.a and
# randomx-benchmark, jit_compiler_x86_static.S compiled as C with CMAKE_C_FLAGS), light
# (verification) mode: Argon2d cache initialisation, Blake2b, the AES generators and hashes,
# and the interpreter (bytecode_machine, superscalar). Workload: RANDOMX_NONCES_JIT (2)
# hashes with the JIT and RANDOMX_NONCES_INT (1) with the interpreter; only the result hash
# and the messages are compared (randomx_output drops the timings). Under callgrind the
# 256 MiB Argon2 cache alone is billions of instructions, so the tree is a copy configured
# (src/configuration.h, the file RandomX's forks tune) with a RANDOMX_ARGON_KIB KiB cache
# (8192; 262144 is Monero's) and a 32 MiB dataset (the size the unsafe-configuration
# check then allows; light mode computes dataset items from the cache, full mode is not run).
randomx_source() {
  local s kib=${RANDOMX_ARGON_KIB:-8192} d
  s=$(fetch_debian librandomx)
  d=$W/src/$(basename "$s")-argon$kib
  if [ ! -f "$d/configured" ]; then
    rm -rf "$d"; mkdir -p "$W/src"; cp -r "$s" "$d"
    if [ "$kib" != 262144 ]; then
      sed -i "s|^#define RANDOMX_ARGON_MEMORY .*|#define RANDOMX_ARGON_MEMORY $kib|;
              s|^#define RANDOMX_DATASET_BASE_SIZE .*|#define RANDOMX_DATASET_BASE_SIZE 33554432|" \
        "$d/src/configuration.h"
      grep -q "ARGON_MEMORY $kib" "$d/src/configuration.h"
    fi
    touch "$d/configured"
  fi
  echo "$d"
}
randomx_build() { local s=$1 o=$2; shift 2; cmake_build "$s" "$o" randomx-benchmark "" "$@"; }
randomx_link() { cp "$1/b/randomx-benchmark" "$2"; }
randomx_prepare() { :; }
randomx_workload() {
  echo "--verify --jit --nonces ${RANDOMX_NONCES_JIT:-2}"
  echo "--verify --nonces ${RANDOMX_NONCES_INT:-1}"
}
# Plain llvm-bolt (-lite=0) rewrites the code templates of jit_compiler_x86_static.S, which
# the JIT copies from between their labels: its output crashes in the first JIT hash
# (measured: SIGSEGV). Plain llvm-bolt leaves them alone here; apply needs nothing (they never
# run, and apply leaves functions that never ran where the input has them).
randomx_boltflags() {
  echo "-skip-funcs=$("$LLVM/llvm-nm" "$PW/obj-in/b/CMakeFiles/randomx.dir/src/jit_compiler_x86_static.S.o" \
    | awk '$2 ~ /^[Tt]$/ {print $3}' | paste -sd,)"
}
randomx_output() { grep -v -e '^Memory initialized in' -e '^Performance:'; }

# The allocators' host: bench/alloc's allocbench (libc malloc and free, which the preloaded
# library replaces), compiled once, plainly, into DATA; larson (cross-thread frees, random
# sizes 8-512 B) and threadtest (64 B blocks), two threads each, small for callgrind.
alloc_prepare() { "$CLANG" -O2 -pthread "$ROOT/bench/alloc/allocbench.c" -o "$2/allocbench"; }
alloc_host() { echo data/allocbench; }
alloc_workload() {
  echo "larson 2 ${ALLOC_EPOCHS:-4} 1000 ${ALLOC_OPS:-20000}"
  echo "threadtest 2 ${ALLOC_ITERS:-40} 1000 64"
}

# mimalloc 2.0.9 (Debian's source package; CMake: libmimalloc.so with MI_OVERRIDE, its
# malloc and free replace libc's), preloaded into allocbench.
mimalloc_source() { fetch_debian mimalloc; }
mimalloc_build() {
  local s=$1 o=$2; shift 2
  cmake_build "$s" "$o" mimalloc "-DMI_BUILD_STATIC=OFF -DMI_BUILD_OBJECT=OFF -DMI_BUILD_TESTS=OFF" "$@"
}
mimalloc_link() { cp "$(readlink -f "$1/b/libmimalloc.so")" "$2"; }
mimalloc_prepare() { alloc_prepare "$@"; }
mimalloc_host() { alloc_host; }
mimalloc_workload() { alloc_workload; }

# jemalloc 5.3.0 (Debian's source package; autotools: configure once with Debian's page
# sizes and no C++ wrappers into WORK/jemalloc-configured, then per build a copy of that tree
# and `make lib/libjemalloc.so.2` with the FLAGS as EXTRA_CFLAGS and the stage's link flags
# as EXTRA_LDFLAGS, jemalloc's own hooks, which come last on its command lines; jemalloc adds
# -fPIC and -shared itself), preloaded into allocbench.
jemalloc_source() { fetch_debian jemalloc; }
jemalloc_build() {
  local s=$1 o=$2 cfg=$W/jemalloc-configured ld; shift 2
  if [ ! -f "$cfg/done" ] || [ "$(cat "$cfg/done")" != "$s" ]; then
    rm -rf "$cfg"; mkdir -p "$cfg"
    (cd "$cfg" && CC=$CLANG "$s/configure" --disable-cxx --with-lg-page=12 --with-lg-hugepage=21 \
       > configure.log 2>&1) || { tail -20 "$cfg/configure.log" >&2; return 1; }
    echo "$s" > "$cfg/done"
  fi
  ld=$(recipe_ldflags "$@")
  cp -a "$cfg" "$o/je"
  make -C "$o/je" -j"${JOBS:-$(nproc)}" EXTRA_CFLAGS="$*" EXTRA_LDFLAGS="$ld" lib/libjemalloc.so.2 \
    > "$o/build.log" 2>&1 || { tail -30 "$o/build.log" >&2; echo "aligned-lock: building jemalloc failed" >&2; return 1; }
}
jemalloc_link() { cp "$1/je/lib/libjemalloc.so.2" "$2"; }
jemalloc_prepare() { alloc_prepare "$@"; }
jemalloc_host() { alloc_host; }
jemalloc_workload() { alloc_workload; }

# --- Programs hotlayout was not tuned on ("programs you have not seen"), built by
# their own build systems with the README's recipe as written there: CMake with the recipe in
# CMAKE_<LANG>_FLAGS and the link flags (cmake_build), autotools with ./configure
# CC=clang CFLAGS="-O2 <the recipe's --cflags>" LDFLAGS="<its --ldflags>" and make. No edit.

# zopfli 1.0.3 (Debian's source package; CMake, its defaults: libzopfli static, linked into
# the zopfli CLI): deflate by iterated optimal parsing (ZopfliLZ77Optimal's squeeze,
# ZopfliFindLongestMatch's hash chains, the block splitter, the Huffman cost model), 5
# iterations instead of 15 (--i5), gzip and zlib output, on ZOPFLI_KB KiB of its own sources.
zopfli_source() { fetch_debian zopfli; }
zopfli_build() { local s=$1 o=$2; shift 2; cmake_build "$s" "$o" zopfli "" "$@"; }
zopfli_link() { cp "$1/b/zopfli" "$2"; }
zopfli_prepare() {
  text_input "$1" "${ZOPFLI_KB:-24}" "$2/in.txt" src/zopfli/squeeze.c src/zopfli/lz77.c \
    src/zopfli/deflate.c src/zopfli/blocksplitter.c
}
zopfli_workload() { echo "--i5 -c data/in.txt"; echo "--i5 --zlib -c data/in.txt"; }

# xz-utils 5.4.1 (Debian's source package; autotools and libtool: configured out of tree into
# OBJ/b with the README's recipe, liblzma built static (--disable-shared: libtool then links
# the xz binary itself, not a wrapper script, against liblzma.a), then `make`): LZMA2
# compression at -6 (the bt4 match finder, lzma_lzma_optimum_normal, the range coder) and
# decompression (lzma_decode), single thread, on XZ_KB KiB of its own sources.
xz_source() { fetch_debian xz-utils; }
xz_build() {
  local s=$1 o=$2; shift 2
  configure_c "$s" "$o" "" "--disable-shared --disable-nls --disable-doc" "$@" \
    && make_in "$o/b" "$o"
}
xz_link() { cp "$1/b/src/xz/xz" "$2"; }
xz_prepare() {
  text_input "$1" "${XZ_KB:-192}" "$2/in.txt" src/liblzma/lzma/lzma_encoder_optimum_normal.c \
    src/liblzma/lz/lz_encoder_mf.c src/liblzma/lzma/lzma_decoder.c src/xz/coder.c
  "$3" -6 -c "$2/in.txt" > "$2/in.xz"
}
xz_workload() { echo "-6 -T1 -c data/in.txt"; echo "-d -c data/in.xz"; }

# cmark 0.30.2 (Debian's source package; CMake, static libcmark linked into the cmark CLI, no
# shared library, no tests): the CommonMark parser (re2c's scanners, the inline parser's
# delimiter and entity loops, the block parser's line loop) and its HTML and XML renderers,
# on CMARK_KB KiB of the CommonMark spec it ships (Markdown, not C: a parser's workload).
cmark_source() { fetch_debian cmark; }
cmark_build() {
  local s=$1 o=$2; shift 2
  cmake_build "$s" "$o" cmark "-DCMARK_TESTS=OFF -DCMARK_SHARED=OFF" "$@"
}
cmark_link() { cp "$1/b/src/cmark" "$2"; }
cmark_prepare() { text_input "$1" "${CMARK_KB:-200}" "$2/in.md" test/spec.txt; }
cmark_workload() { echo "data/in.md"; echo "--to xml --smart data/in.md"; }

# SQLite 3.40.1 (Debian's sqlite3 source package, the canonical tree; autotools and libtool:
# configured out of tree into OBJ/b with the README's recipe, the library static
# (--disable-shared: the sqlite3 shell is then a real executable linked against it), no Tcl
# extension, no readline; `make sqlite3` generates the amalgamation with tclsh and compiles it):
# the shell runs sqlite-workload.sql (table fill by a recursive CTE, two indexes, joins,
# GROUP BY, LIKE, UPDATE, DELETE: the VDBE, the B-tree, the parser, the sorter) on
# SQLITE_ROWS rows in an in-memory database.
sqlite_source() { fetch_debian sqlite3; }
sqlite_build() {
  local s=$1 o=$2; shift 2
  configure_c "$s" "$o" "" "--disable-shared --disable-tcl --disable-readline
    --disable-editline" "$@" && make_in "$o/b" "$o" sqlite3
}
sqlite_link() { cp "$1/b/sqlite3" "$2"; }
sqlite_prepare() { sed "s/@ROWS@/${SQLITE_ROWS:-20000}/" "$HERE/sqlite-workload.sql" > "$2/w.sql"; }
sqlite_workload() { echo '-batch -bail -init data/w.sql :memory: .quit'; }

# lzip 1.23 (Debian's source package; C++, its own hand-written configure, which takes CXX,
# CXXFLAGS and LDFLAGS as autotools' does, out of tree with --srcdir, then `make`): LZMA
# compression at -6 (the encoder's match finder and price tables) and decompression, on
# LZIP_KB KiB of its own sources.
lzip_source() { fetch_debian lzip; }
lzip_build() {
  local s=$1 o=$2 ld; shift 2
  ld=$(recipe_ldflags "$@")
  configure_in "$s" "$o" --srcdir="$s" CXX="$CLANG++" CXXFLAGS="-O2 $*" LDFLAGS="$ld" \
    && make_in "$o/b" "$o"
}
lzip_link() { cp "$1/b/lzip" "$2"; }
lzip_prepare() {
  text_input "$1" "${LZIP_KB:-192}" "$2/in.txt" encoder.cc decoder.cc main.cc lzip.h
  "$3" -6 -c "$2/in.txt" > "$2/in.lz"
}
lzip_workload() { echo "-6 -c data/in.txt"; echo "-d -c data/in.lz"; }

# zstdcm: zstd 1.5.4 built by its own CMake (build/cmake: the CLI linked against the static
# library, no shared library, no tests, no legacy formats, no threads), which compiles the
# assembly Huffman decoder (lib/decompress/huf_decompress_amd64.S, HUF_decompress4X*_usingDTable
# _internal_fast_asm_loop) with the recipe's flags: the build shape zstd's users have. The
# workload and inputs are zstd's.
zstdcm_source() { zstd_source; }
zstdcm_build() {
  local s=$1 o=$2; shift 2
  cmake_build "$s/build/cmake" "$o" zstd "-DZSTD_BUILD_SHARED=OFF -DZSTD_BUILD_TESTS=OFF
    -DZSTD_LEGACY_SUPPORT=OFF -DZSTD_MULTITHREAD_SUPPORT=OFF" "$@"
}
zstdcm_link() { cp "$1/b/programs/zstd" "$2"; }
zstdcm_prepare() { zstd_prepare "$@"; }
zstdcm_workload() { zstd_workload; }

# libdeflate 1.14 (Debian's source package; its own Makefile, which builds in the tree, so the
# tree is copied into OBJ/b and made there with CC, CFLAGS and LDFLAGS): its gzip program
# linked against the static library; DEFLATE compression at -6 (the hash-chain match finder)
# and -12 (the near-optimal parser) and decompression, on LIBDEFLATE_KB KiB of its own sources.
# Its x86 code picks routines by CPU feature at run time (adler32 with AVX2, crc32 with PCLMUL:
# functions compiled with target attributes, called through pointers).
libdeflate_source() { fetch_debian libdeflate; }
libdeflate_build() {
  local s=$1 o=$2 ld; shift 2
  ld=$(recipe_ldflags "$@")
  rm -rf "$o/b" && mkdir -p "$o" && cp -a "$s" "$o/b"
  make_in "$o/b" "$o" CC="$CLANG" CFLAGS="$*" LDFLAGS="$ld" gzip
}
libdeflate_link() { cp "$1/b/gzip" "$2"; }
libdeflate_prepare() {
  text_input "$1" "${LIBDEFLATE_KB:-256}" "$2/in.txt" lib/deflate_compress.c \
    lib/deflate_decompress.c lib/decompress_template.h programs/gzip.c README.md
  "$3" -6 -c "$2/in.txt" > "$2/in.gz"
}
libdeflate_workload() { echo "-6 -c data/in.txt"; echo "-12 -c data/in.txt"; echo "-d -c data/in.gz"; }

# nettle 3.8.1 (Debian's source package; its own autoconf configure and Makefile, out of tree,
# the static library only): the nettle-hash tool. The hash functions with x86-64 assembly
# (SHA-256, SHA-512, SHA3, MD5: x86_64/*.asm, m4 into .s files that CC assembles, chosen at run
# time by the fat build's CPU checks) and ones in C (Streebog, SM3, RIPEMD-160), over
# NETTLE_KB KiB of its own sources: the `.s` shape, whose loops hotalign cannot place. Its
# configure appends -ggdb3: -gdwarf-4 keeps that debug info readable to valgrind 3.19, which
# gives up on clang 22's DWARF 5 ("unhandled dwarf2 abbrev form code 0x25").
nettle_source() { fetch_debian nettle; }
nettle_build() {
  local s=$1 o=$2; shift 2
  configure_c "$s" "$o" -gdwarf-4 "--disable-shared --disable-openssl --disable-documentation" \
    "$@" && make_in "$o/b" "$o" libnettle.a && make_in "$o/b/tools" "$o" nettle-hash
}
nettle_link() { cp "$1/b/tools/nettle-hash" "$2"; }
nettle_prepare() {
  text_input "$1" "${NETTLE_KB:-384}" "$2/in.txt" sha256.c sha512.c sha3.c md5.c streebog.c \
    sm3.c ripemd160.c x86_64/sha256-compress.asm
}
nettle_workload() {
  local a
  for a in sha256 sha512 sha3_256 md5 streebog512 sm3 ripemd160; do echo "-a $a data/in.txt"; done
}

# PCRE2 10.42 (Debian's pcre2 source package; CMake, the static library and pcre2grep, no JIT,
# no compression or readline): pcre2grep runs four patterns (a backreference, case folding,
# counted classes) over PCRE2_KB KiB of its own matcher and compiler: pcre2_match's interpreter
# (one large switch over the compiled pattern's opcodes) and pcre2grep's line loop.
pcre2_source() { fetch_debian pcre2; }
pcre2_build() {
  local s=$1 o=$2; shift 2
  cmake_build "$s" "$o" pcre2grep "-DBUILD_SHARED_LIBS=OFF -DPCRE2_BUILD_TESTS=OFF
    -DPCRE2_BUILD_PCRE2GREP=ON -DPCRE2_SUPPORT_JIT=OFF -DPCRE2_SUPPORT_LIBZ=OFF
    -DPCRE2_SUPPORT_LIBBZ2=OFF -DPCRE2_SUPPORT_LIBREADLINE=OFF -DPCRE2_SUPPORT_LIBEDIT=OFF" "$@"
}
pcre2_link() { cp "$1/b/pcre2grep" "$2"; }
pcre2_prepare() {
  text_input "$1" "${PCRE2_KB:-384}" "$2/in.txt" src/pcre2_match.c src/pcre2_compile.c
}
pcre2_workload() {
  echo "-c static\\s+\\w+ data/in.txt"
  echo "-o [A-Z_]{4,}\\d* data/in.txt"
  echo "-ci match(ing|es)?\\b data/in.txt"
  echo "-c (\\w+)\\s*=\\s*\\1 data/in.txt"
}

# gawk 5.2.1 (Debian's source package; autotools and gnulib, out of tree, no NLS, readline or
# persistent memory; only gawk and its support library made): its interpreter (the bytecode
# loop r_interpret, regex matching, associative arrays) running gawk-wordfreq.awk (ours) over
# GAWK_KB KiB of its own C sources.
gawk_source() { fetch_debian gawk; }
gawk_build() {
  local s=$1 o=$2; shift 2
  configure_c "$s" "$o" "" "--disable-nls --without-readline --disable-pma" "$@" \
    && make_in "$o/b/support" "$o" && make_in "$o/b" "$o" gawk
}
gawk_link() { cp "$1/b/gawk" "$2"; }
gawk_prepare() {
  text_input "$1" "${GAWK_KB:-384}" "$2/in.txt" interpret.h eval.c awkgram.c node.c array.c str_array.c
  cp "$HERE/gawk-wordfreq.awk" "$2/wf.awk"
}
gawk_workload() { echo "-f data/wf.awk data/in.txt"; }

# libxml2 2.9.14 (Debian's source package; autotools and libtool, out of tree, the library
# static (--disable-shared: xmllint is then a real executable linked against it), no Python,
# zlib, lzma, ICU, HTTP or FTP, not in maintainer mode (Debian's patched Makefile.am would
# start automake); only xmllint made): the XML parser (the name and attribute scanners, the
# SAX2 tree builder, the dictionary's hash), XPath and the streaming reader, on the library's
# own API description (doc/libxml2-api.xml, 1.3 MB).
xmllint_source() { fetch_debian libxml2; }
xmllint_build() {
  local s=$1 o=$2; shift 2
  configure_c "$s" "$o" "" "--disable-shared --disable-maintainer-mode --without-python
    --without-zlib --without-lzma --without-icu --without-http --without-ftp" "$@" \
    && make_in "$o/b" "$o" xmllint
}
xmllint_link() { cp "$1/b/xmllint" "$2"; }
xmllint_prepare() { cp "$1/doc/libxml2-api.xml" "$2/api.xml"; }
xmllint_workload() {
  echo "--noout data/api.xml"
  echo "--xpath count(//function/arg[@type='int']) data/api.xml"
  echo "--stream --noout data/api.xml"
}

# FLAC 1.4.2 (Debian's flac source package; autotools and libtool, out of tree, static
# libraries, no Ogg, C++ libraries, docs or examples, no AVX (valgrind 3.19 stops at the FMA
# autocorrelation with SIGILL); libFLAC, its share helpers and the flac program made):
# encoding at -8 (the LPC analysis, autocorrelation and residual loops, the bit writer; SSE2
# to SSE4.1 variants picked at run time through function pointers) and decoding (the bit
# reader, LPC restoration), on FLAC_SECONDS (4) seconds of a synthetic stereo 16-bit 44.1 kHz
# signal (sines and a deterministic noise, raw PCM).
flac_source() { fetch_debian flac; }
flac_build() {
  local s=$1 o=$2; shift 2
  configure_c "$s" "$o" "" "--disable-shared --disable-ogg --disable-cpplibs
    --disable-doxygen-docs --disable-examples --disable-version-from-git --disable-avx" "$@" \
    && make_in "$o/b/src/libFLAC" "$o" && make_in "$o/b/src/share" "$o" \
    && make_in "$o/b/src/flac" "$o"
}
flac_link() { cp "$1/b/src/flac/flac" "$2"; }
flac_prepare() {
  python3 - "$2/in.raw" "${FLAC_SECONDS:-4}" <<'PY'
import math, struct, sys
rate, out, seconds = 44100, sys.argv[1], int(sys.argv[2])
seed, frames = 12345, bytearray()
for n in range(rate * seconds):
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    noise = (seed >> 16) % 2001 - 1000
    t = n / rate
    left = 9000 * math.sin(2 * math.pi * 440 * t) + 3000 * math.sin(2 * math.pi * 1320 * t) + noise
    right = 8000 * math.sin(2 * math.pi * 660 * t + 1) + noise // 2
    frames += struct.pack('<hh', int(left), int(right))
open(out, 'wb').write(frames)
PY
  "$3" -s -8 $FLAC_RAW -c "$2/in.raw" > "$2/in.flac"
}
FLAC_RAW="--force-raw-format --endian=little --sign=signed --channels=2 --bps=16 --sample-rate=44100"
flac_workload() { echo "-s -8 $FLAC_RAW -c data/in.raw"; echo "-s -d -c data/in.flac"; }
