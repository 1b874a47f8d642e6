// An instrumented profile (clang -fprofile-instr-use) decides which loops are
// hot. Inputs/hot-and-warm.proftext: @hot's loop ran 1000000 times over 1000
// calls, @warm's 100 times in one call; the counts making up 99% of the
// profile are those >= 1000000. @hot's loop (back-edge count 998003) is
// aligned and its remark gives the count; @warm's (50, derived) is cold,
// although the static estimate alone calls it hot.
// (-fno-vectorize -fno-unroll-loops: one loop per function.)
//
// RUN: llvm-profdata merge %S/Inputs/hot-and-warm.proftext -o %t.profdata
// RUN: %clang --target=x86_64-linux-gnu -O2 -fno-vectorize -fno-unroll-loops \
// RUN:   -fprofile-instr-use=%t.profdata -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -Rpass-missed=hotalign -S %s -o %t.s 2> %t.r
// RUN: cat %t.r %t.s | FileCheck %s
//
// Negative twin: the same code without the profile. Both loops run ~20x per
// call by static estimate, so both are aligned, with per-entry remarks.
// RUN: %clang --target=x86_64-linux-gnu -O2 -fno-vectorize -fno-unroll-loops \
// RUN:   -fpass-plugin=%plugin -Rpass=hotalign -Rpass-missed=hotalign -S %s \
// RUN:   -o %t.static.s 2> %t.static.r
// RUN: cat %t.static.r %t.static.s | FileCheck %s --check-prefix=STATIC

void hot(int *a, int n) {
  // CHECK: profile-instr-hot-loop-aligned.c:[[#@LINE+2]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: 17 hot bytes, back-edge count 998003, alignment 64, max-skip 16 (line start where its span needs one) [-Rpass=hotalign]
  // STATIC: profile-instr-hot-loop-aligned.c:[[#@LINE+1]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back edges 31.0x loop entry,
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

void warm(int *a, int n) {
  // CHECK: profile-instr-hot-loop-aligned.c:[[#@LINE+2]]:3: remark: loop at %bb.{{[0-9]+}} not aligned: cold: back-edge count 50 x 2 is below the profile's hot threshold 1000000 (percentile 990000) [-Rpass-missed=hotalign]
  // STATIC: profile-instr-hot-loop-aligned.c:[[#@LINE+1]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back edges 31.0x loop entry,
  for (int i = 0; i < n; ++i)
    a[i] += 7;
}

// CHECK-NOT: remark:
// CHECK-LABEL: hot:
// CHECK: .p2align 6, {{(0x90)?}}, 16{{$}}
// CHECK-NEXT: .LBB0_[[#]]: # =>This Inner Loop Header: Depth=1
// CHECK-LABEL: warm:
// CHECK-NOT: .p2align 6
// CHECK: # =>This Inner Loop Header: Depth=1
// CHECK-NOT: .p2align 6

// STATIC-NOT: remark:
// STATIC-LABEL: hot:
// STATIC: .p2align 6
// STATIC-LABEL: warm:
// STATIC: .p2align 6
