# The recipe's three stages on the Inputs/mixed project, for one `hotlayout
# flags --lto` mode and one build system, in T/MODE: training build and run,
# first build (its hotalign remarks in remarks-first.txt), hotlayout profile
# and loops, final build with the loop profile (remarks.txt, the build's
# commands in final.log). Each stage's program must print what the training
# build printed. Stops at the first failure.
#   make       its Makefile, CFLAGS="-O2 $(hotlayout flags ...)" (compiles
#              and links)
#   cmake      its CMakeLists.txt, -DSTAGE= the same stage as
#              hotlayout_add_flags' arguments; HOTLAYOUT is <prefix>/bin's
#   autotools  its configure.ac and Makefile.am (libtool), copied to src and
#              built in b as the README says: ./configure CFLAGS="-O2
#              $(hotlayout flags --cflags ...)" CXXFLAGS=... LDFLAGS="$(hotlayout
#              flags --ldflags ...)"
# Usage: bash recipe-stages.sh T HOTLAYOUT none|thin|full CC CXX PROFDATA INPUTS [make|cmake|autotools]
set -eu
t=$1 hl=$2 lto=$3 cc=$4 cxx=$5 profdata=$6 inputs=$7 sys=${8:-make}
mkdir -p "$t/$lto" && cd "$t/$lto" && cp "$inputs"/* .
# build FLAGS-ARGS...: the stage `hotlayout flags FLAGS-ARGS` names, into ./app.
build() {
  case $sys in
    make) make clean > /dev/null
          make CC="$cc" CXX="$cxx" "CFLAGS=-O2 $("$hl" flags --lto "$lto" "$@")" ;;
    cmake) local stage=() ; while [ $# -gt 0 ]; do
             case $1 in
               --instrument) stage+=(INSTRUMENT) ;;
               --use) stage+=(USE "$2"); shift ;;
               --loop-profile) stage+=(LOOP_PROFILE "$2"); shift ;;
             esac; shift
           done
           [ "$lto" = none ] || stage+=(LTO "$lto")
           local IFS=';'
           rm -rf b && cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
             -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_ASM_COMPILER="$cc" \
             -DCMAKE_PREFIX_PATH="$(dirname "$(dirname "$hl")")" "-DSTAGE=${stage[*]}" > /dev/null
           cmake --build b -v && cp b/app app ;;
    # Sources in src, whose VPATH must not see ./app.
    autotools) [ -d src ] || { mkdir src && cp "$inputs"/* src && (cd src && autoreconf -i > /dev/null 2>&1); }
               local f ld; f="-O2 $("$hl" flags --cflags --lto "$lto" "$@")"; ld=$("$hl" flags --ldflags --lto "$lto" "$@")
               rm -rf b && mkdir b && (cd b && ../src/configure CC="$cc" CXX="$cxx" "CFLAGS=$f" "CXXFLAGS=$f" \
                 "LDFLAGS=$ld" > /dev/null && make V=1 2>&1) && cp b/app app ;;
  esac
}
build --instrument > /dev/null
LLVM_PROFILE_FILE="$PWD/app.profraw" ./app > train.txt
"$profdata" merge -o app.profdata app.profraw
HOTLAYOUT_OPTIONS="-hotlayout-remarks=hotalign -hotlayout-remarks-file=$PWD/remarks-first.txt" \
  build --use "$PWD/app.profdata" > /dev/null
touch remarks-first.txt
./app > first.txt && cmp train.txt first.txt
"$hl" profile -o app.fdata -- ./app > /dev/null
"$hl" loops app --profile app.fdata -o app.loops > /dev/null
HOTLAYOUT_OPTIONS="-hotlayout-remarks=hotalign -hotlayout-remarks-file=$PWD/remarks.txt" \
  build --use "$PWD/app.profdata" --loop-profile "$PWD/app.loops" > final.log
touch remarks.txt
./app > final.txt && cmp train.txt final.txt
