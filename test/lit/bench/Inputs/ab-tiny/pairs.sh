# The smoke test's comparisons for bench/ab/run.sh (PAIRS_SH): tiny.c, beside this file; nothing
# fetched. Same interface as bench/ab/pairs.sh.
#   tiny-order    tiny against the same object linked in another section order
#   tiny-slow     tiny against tiny with SPIN increments planted in mix
#   tinyso-order  mix and sum as a shared object, preloaded (through --run) under tiny-main,
#                 which is linked against it
#   tinybad-norelocs  tiny against tiny linked without --emit-relocs: ab must refuse it
TINY_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TINY_N=${TINY_N:-20000}
tiny_link() { "$CLANG" -O2 -fuse-ld=lld "$@"; }
tiny_build() {
  "$CLANG" -O2 -ffunction-sections -c "$TINY_DIR/tiny.c" -o "$W/tiny.o"
  "$CLANG" -O2 -ffunction-sections -DSPIN="$SPIN" -c "$TINY_DIR/tiny.c" -o "$W/tiny-slow.o"
  tiny_link -Wl,--emit-relocs "$W/tiny.o" -o "$W/tiny-a"
  tiny_link -Wl,--emit-relocs -Wl,--shuffle-sections='.text.*=7' "$W/tiny.o" -o "$W/tiny-order"
  tiny_link -Wl,--emit-relocs "$W/tiny-slow.o" -o "$W/tiny-slow"
  A_OF[tiny-order]=$W/tiny-a; B_OF[tiny-order]=$W/tiny-order
  A_OF[tiny-slow]=$W/tiny-a; B_OF[tiny-slow]=$W/tiny-slow
  RUN_OF[tiny-order]=; RUN_OF[tiny-slow]=
  ARGS_OF[tiny-order]=$TINY_N; ARGS_OF[tiny-slow]=$TINY_N
}
tiny_instructions() {
  echo "tiny-a    $(cg "$W/tiny-a" 1000)"
  echo "tiny-slow $(cg "$W/tiny-slow" 1000)"
}
tinyso_build() {
  "$CLANG" -O2 -ffunction-sections -fPIC -DSHARED -c "$TINY_DIR/tiny.c" -o "$W/tinyso.o"
  tiny_link -Wl,--emit-relocs -shared "$W/tinyso.o" -o "$W/libtiny-a.so"
  tiny_link -Wl,--emit-relocs -shared -Wl,--shuffle-sections='.text.*=7' "$W/tinyso.o" -o "$W/libtiny-order.so"
  "$CLANG" -O2 -DMAIN_ONLY -c "$TINY_DIR/tiny.c" -o "$W/tiny-main.o"
  tiny_link "$W/tiny-main.o" "$W/libtiny-a.so" -o "$W/tiny-main"
  A_OF[tinyso-order]=$W/libtiny-a.so; B_OF[tinyso-order]=$W/libtiny-order.so
  RUN_OF[tinyso-order]="env LD_PRELOAD={} $W/tiny-main"; ARGS_OF[tinyso-order]=$TINY_N
}
tinyso_instructions() { :; }
# The negative twin: B has no static relocations, so llvm-bolt cannot lay it out.
tinybad_build() {
  "$CLANG" -O2 -ffunction-sections -c "$TINY_DIR/tiny.c" -o "$W/tiny.o"
  tiny_link -Wl,--emit-relocs "$W/tiny.o" -o "$W/tiny-a"
  tiny_link "$W/tiny.o" -o "$W/tiny-norelocs"
  A_OF[tinybad-norelocs]=$W/tiny-a; B_OF[tinybad-norelocs]=$W/tiny-norelocs
  RUN_OF[tinybad-norelocs]=; ARGS_OF[tinybad-norelocs]=$TINY_N
}
tinybad_instructions() { :; }
