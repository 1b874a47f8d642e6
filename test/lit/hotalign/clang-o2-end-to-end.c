// clang -O2 -fpass-plugin: loading the plugin puts hotalign into clang's own
// codegen pipeline, with no -mllvm flags. Without a profile the static
// estimate finds both loops of the vectorised code hot (the vector body and
// the scalar remainder, back edges taken >= 8x per call): each gets a remark
// at the source loop and starts a line (`.p2align 6, , 63`, the default
// line-start mode).
//
// RUN: %clang --target=x86_64-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -Rpass-missed=hotalign -S %s -o %t.s 2> %t.r
// RUN: cat %t.r %t.s | FileCheck %s
//
// Negative twins: without the plugin, and with the plugin at -Os (size
// wanted: no padding, a missed remark instead), no loop is line-aligned.
// RUN: %clang --target=x86_64-linux-gnu -O2 -Rpass=hotalign -S %s -o %t.none.s \
// RUN:   2> %t.none.r
// RUN: count 0 < %t.none.r
// RUN: FileCheck %s --check-prefix=NONE < %t.none.s
// RUN: %clang --target=x86_64-linux-gnu -Os -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -Rpass-missed=hotalign -S %s -o %t.os.s 2> %t.os.r
// RUN: cat %t.os.r %t.os.s | FileCheck %s --check-prefix=OS

void scale(int *a, int n) {
  // CHECK: clang-o2-end-to-end.c:[[#@LINE+6]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes,
  // CHECK-SAME: alignment 64, max-skip 63 (line start) [-Rpass=hotalign]
  // CHECK: clang-o2-end-to-end.c:[[#@LINE+4]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes,
  // CHECK-SAME: alignment 64, max-skip 63 (line start) [-Rpass=hotalign]
  // CHECK-NOT: remark:
  // OS: clang-o2-end-to-end.c:[[#@LINE+1]]:3: remark: loop at %bb.{{[0-9]+}} not aligned: function is optimised for size [-Rpass-missed=hotalign]
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

// CHECK-LABEL: scale:
// CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
// CHECK-NEXT: .LBB0_[[#]]: # =>This Inner Loop Header: Depth=1
// CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
// CHECK-NEXT: .LBB0_[[#]]: # =>This Inner Loop Header: Depth=1
// LLVM alone gives loop headers 16 bytes.
// NONE-LABEL: scale:
// NONE-NOT: .p2align 6
// NONE: .p2align 4{{(, 0x90)?}}{{$}}
// NONE-NEXT: .LBB0_[[#]]: # =>This Inner Loop Header: Depth=1
// NONE-NOT: .p2align 6
// OS-LABEL: scale:
// OS-NOT: .p2align 6
