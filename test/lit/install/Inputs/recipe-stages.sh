# The recipe's three stages on Inputs/mixed's Makefile, for one `hotlayout
# flags --lto` mode, in T/MODE: training build and run, first build (its
# hotalign remarks in remarks-first.txt), hotlayout profile and loops, final
# build with the loop profile (remarks.txt, make's output in final.log).
# Each stage's program must print what the training build printed. Stops at
# the first failure.
# Usage: bash recipe-stages.sh T HOTLAYOUT none|thin|full CC CXX PROFDATA INPUTS
set -eu
t=$1 hl=$2 lto=$3 cc=$4 cxx=$5 profdata=$6 inputs=$7
mkdir -p "$t/$lto" && cd "$t/$lto" && cp "$inputs"/* .
build() { make clean > /dev/null && make CC="$cc" CXX="$cxx" "CFLAGS=-O2 $($hl flags --lto "$lto" "$@")"; }
build --instrument > /dev/null
LLVM_PROFILE_FILE="$PWD/app.profraw" ./app > train.txt
"$profdata" merge -o app.profdata app.profraw
HOTLAYOUT_OPTIONS="-hotlayout-remarks=hotalign -hotlayout-remarks-file=$PWD/remarks-first.txt" \
  build --use app.profdata > /dev/null
touch remarks-first.txt
./app > first.txt && cmp train.txt first.txt
"$hl" profile -o app.fdata -- ./app > /dev/null
"$hl" loops app --profile app.fdata -o app.loops > /dev/null
HOTLAYOUT_OPTIONS="-hotlayout-remarks=hotalign -hotlayout-remarks-file=$PWD/remarks.txt" \
  build --use app.profdata --loop-profile app.loops > final.log
./app > final.txt && cmp train.txt final.txt
