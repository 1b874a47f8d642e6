// [[clang::code_align(N)]] on a loop is the programmer's own alignment:
// clang turns it into llvm.loop.align, block placement aligns the loop to N,
// and hotalign leaves it there with a missed remark naming the request,
// however hot the loop. Negative twin: @plain, the same hot loop without the
// attribute, starts a line (max-skip 63: the default line-start mode).
// (-fno-vectorize -fno-unroll-loops: one loop per function.)
//
// REQUIRES: x86-registered
//
// RUN: %clang --target=x86_64-linux-gnu -std=c2x -O2 -fno-vectorize \
// RUN:   -fno-unroll-loops -fpass-plugin=%plugin -Rpass=hotalign \
// RUN:   -Rpass-missed=hotalign -S %s -o %t.s 2> %t.r
// RUN: cat %t.r %t.s | FileCheck %s

void asks(int *a, int n) {
  // CHECK: clang-code-align-kept.c:[[#@LINE+1]]:29: remark: loop at %bb.{{[0-9]+}} not aligned: its source asks for alignment 32 (llvm.loop.align) [-Rpass-missed=hotalign]
  [[clang::code_align(32)]] for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

void plain(int *a, int n) {
  // CHECK: clang-code-align-kept.c:[[#@LINE+2]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes,
  // CHECK-SAME: back edges 31.0x loop entry, alignment 64, max-skip 63 (line start) [-Rpass=hotalign]
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

// CHECK-NOT: remark:
// CHECK-LABEL: asks:
// CHECK-NOT: .p2align 6
// CHECK: .p2align 5{{(, 0x90)?}}{{$}}
// CHECK-NEXT: .LBB0_[[#]]: # =>This Inner Loop Header: Depth=1
// CHECK-LABEL: plain:
// CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
// CHECK-NEXT: .LBB1_[[#]]: # =>This Inner Loop Header: Depth=1
