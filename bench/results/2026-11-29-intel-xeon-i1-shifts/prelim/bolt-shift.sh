#!/bin/bash
# I1 8 KiB misses of plain llvm-bolt's Lua output, its hot text shifted by 64*k bytes.
cd /work/benchwork/al-new/lua
k=$1
out=/tmp/shift/bolt$k
/usr/lib/llvm-22/bin/llvm-bolt in -o $out -data=p-in.fdata -reorder-functions=cdsort -reorder-blocks=ext-tsp -split-functions -split-all-cold -lite=0 -enable-bat '-pad-funcs-before=luaH_getshortstr(/.*)?:'$((64*k)) >/dev/null 2>&1 || { echo fail $k; exit 1; }
cp $out ./sbolt$k
env -i PATH=/usr/bin:/bin setarch -R valgrind --tool=cachegrind --I1=8192,8,64 --cache-sim=yes --cachegrind-out-file=/tmp/shift/cg$k.out ./sbolt$k data/bench.lua 1 >/dev/null 2>/tmp/shift/cg$k.err
rm -f ./sbolt$k
grep "I1  misses" /tmp/shift/cg$k.err | sed "s/^/$k /"
