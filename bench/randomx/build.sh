#!/bin/bash
# build.sh SRC_DIR OBJ_DIR [extra compile flags...]: compile RandomX's library sources plus
# randomx-benchmark's (src/tests/benchmark.cpp, affinity.cpp) into OBJ_DIR, out of tree (SRC_DIR is
# only read). Flags as upstream's CMakeLists.txt for x86-64 (-maes everywhere, -mssse3/-mavx2 on
# the argon2 variants, gnu++11, -DNDEBUG), but -O2 -ffunction-sections (so lld can shuffle
# functions). The extra flags go to every C/C++ TU, not to jit_compiler_x86_static.S (no IR there).
# Diagnostics (e.g. -Rpass remarks) go to OBJ_DIR/build.log. The build is cached:
# OBJ_DIR/flags.txt records the command lines; when they match and OBJ_DIR/done exists, nothing
# is recompiled (delete OBJ_DIR/done to force a rebuild).
# build.sh --list SRC_DIR OBJ_DIR [flags...]: print "TU<tab>command" per TU, compile nothing
# (run.sh times these commands for the compile-cost part).
# env: CLANG (clang-22), CLANGXX (clang++-22), JOBS (nproc).
set -euo pipefail
LIST=0
if [ "${1:-}" = --list ]; then LIST=1; shift; fi
SRC=$1; OBJ=$2; shift 2
CC=${CLANG:-clang-22}; CXX=${CLANGXX:-clang++-22}
# CMakeLists.txt's randomx_sources for x86-64 (non-MSVC), then randomx-benchmark's.
TUS="aes_hash.cpp argon2_ref.c argon2_ssse3.c argon2_avx2.c bytecode_machine.cpp cpu.cpp dataset.cpp
soft_aes.cpp virtual_memory.cpp vm_interpreted.cpp allocator.cpp assembly_generator_x86.cpp
instruction.cpp randomx.cpp superscalar.cpp vm_compiled.cpp vm_interpreted_light.cpp argon2_core.c
blake2_generator.cpp instructions_portable.cpp reciprocal.c virtual_machine.cpp vm_compiled_light.cpp
blake2/blake2b.c jit_compiler_x86.cpp jit_compiler_x86_static.S tests/benchmark.cpp tests/affinity.cpp"
COMMON="-O2 -ffunction-sections -maes -DNDEBUG"
cmds() {
  local t o c
  for t in $TUS; do
    o=$OBJ/$(echo "$t" | tr / _).o
    case $t in
      argon2_ssse3.c) c="$CC $COMMON -mssse3" ;;
      argon2_avx2.c) c="$CC $COMMON -mavx2" ;;
      *.c|*.S) c="$CC $COMMON" ;;
      *.cpp) c="$CXX $COMMON -std=gnu++11" ;;
    esac
    case $t in *.S) ;; *) [ $# = 0 ] || c="$c $*" ;; esac
    printf '%s\t%s\n' "$t" "$c -c $SRC/src/$t -o $o"
  done
}
if [ $LIST = 1 ]; then cmds "$@"; exit 0; fi
mkdir -p "$OBJ"
if [ -f "$OBJ/flags.txt" ] && [ -f "$OBJ/done" ] && cmds "$@" | cmp -s - "$OBJ/flags.txt"; then
  echo "build.sh: $OBJ is up to date" >&2; exit 0
fi
rm -f "$OBJ/done" "$OBJ"/*.o
cmds "$@" > "$OBJ/flags.txt"
if ! cut -f2 "$OBJ/flags.txt" | xargs -P "${JOBS:-$(nproc)}" -I{} sh -c '{}' 2> "$OBJ/build.log"; then
  tail -50 "$OBJ/build.log" >&2; echo "build.sh: compiling into $OBJ failed" >&2; exit 1
fi
touch "$OBJ/done"
