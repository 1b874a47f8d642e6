#!/bin/bash
# I1 8 KiB misses of hotlayout apply's Lua output, its hot text after the first function shifted by 64*k bytes.
cd /work/benchwork/al-new/lua
k=$1; first=${FIRST:-"auxsort(/.*)?"}
out=/tmp/shift/apply$k
SHIFT_FN=$first SHIFT_PAD=$((64*k)) /work/main/build/bin/hotlayout apply in --lock in.lock --profile p-in.fdata -o $out --bolt-dir /tmp/shift/wrap >/tmp/shift/apply$k.log 2>&1; [ -f $out ] || { echo fail $k; exit 1; }
cp $out ./sapply$k
env -i PATH=/usr/bin:/bin setarch -R valgrind --tool=cachegrind --I1=8192,8,64 --cache-sim=yes --cachegrind-out-file=/tmp/shift/cga$k.out ./sapply$k data/bench.lua 1 >/dev/null 2>/tmp/shift/cga$k.err
rm -f ./sapply$k
grep "I1  misses" /tmp/shift/cga$k.err | sed "s/^/$k /"
