// hotalign's options reach it under clang two ways: HOTLAYOUT_OPTIONS (read
// when the plugin loads; the way for every host, lld included), or -mllvm
// once the .so is also loaded early with -fplugin. Both set
// -hotalign-line-size=32 here: both loops (the vector body and the
// remainder) start a 32-byte line, `.p2align 5, , 31` (the default
// line-start mode: max-skip line - 1).
//
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-size=32 %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fpass-plugin=%plugin -Rpass=hotalign \
// RUN:   -S %s -o %t.env.s 2> %t.env.r
// RUN: cat %t.env.r %t.env.s | FileCheck %s --check-prefix=LINE32
// RUN: %clang --target=x86_64-linux-gnu -O2 -fplugin=%plugin \
// RUN:   -fpass-plugin=%plugin -mllvm -hotalign-line-size=32 -Rpass=hotalign \
// RUN:   -S %s -o %t.mllvm.s 2> %t.mllvm.r
// RUN: cat %t.mllvm.r %t.mllvm.s | FileCheck %s --check-prefix=LINE32
//
// Negative twin: no option, the default 64-byte line.
// RUN: %clang --target=x86_64-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -S %s -o %t.def.s 2> %t.def.r
// RUN: cat %t.def.r %t.def.s | FileCheck %s --check-prefix=LINE64

void scale(int *a, int n) {
  // LINE32: clang-options-reach-hotalign.c:[[#@LINE+4]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: 55 hot bytes, {{.*}}, alignment 32, max-skip 31 (line start)
  // LINE32: clang-options-reach-hotalign.c:[[#@LINE+3]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: 17 hot bytes, {{.*}}, alignment 32, max-skip 31 (line start)
  // LINE64: clang-options-reach-hotalign.c:[[#@LINE+2]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: 55 hot bytes, {{.*}}, alignment 64, max-skip 63 (line start)
  // LINE64: clang-options-reach-hotalign.c:[[#@LINE+1]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: 17 hot bytes, {{.*}}, alignment 64, max-skip 63 (line start)
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

// LINE32-LABEL: scale:
// LINE32-NOT: .p2align 6
// LINE32: .p2align 5, {{(0x90)?}}, 31{{$}}
// LINE32: .p2align 5, {{(0x90)?}}, 31{{$}}
// LINE32-NOT: .p2align 6

// LINE64-LABEL: scale:
// LINE64: .p2align 6, {{(0x90)?}}, 63{{$}}
// LINE64: .p2align 6, {{(0x90)?}}, 63{{$}}
