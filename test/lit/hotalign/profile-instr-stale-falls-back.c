// A stale instrumented profile: Inputs/hot-stale-hash.proftext holds a record
// for @hot made from a different body (another hash, three counters). clang
// warns and drops it, so @hot compiles without profile data, while @warm's
// record still matches. hotalign must complete and treat @hot as a function
// without a profile (static estimate: "back edges Nx entry", never a
// "count"), and still use @warm's profile (cold: ~100 runs).
//
// RUN: llvm-profdata merge %S/Inputs/hot-stale-hash.proftext -o %t.profdata
// RUN: %clang --target=x86_64-linux-gnu -O2 -fno-vectorize -fno-unroll-loops \
// RUN:   -fprofile-instr-use=%t.profdata -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -Rpass-missed=hotalign -S %s -o %t.s 2> %t.r
// RUN: cat %t.r %t.s | FileCheck %s
//
// Negative twin: the matching profile (Inputs/hot-and-warm.proftext): no
// warning, and @hot's remark gives a count.
// RUN: llvm-profdata merge %S/Inputs/hot-and-warm.proftext -o %t.good.profdata
// RUN: %clang --target=x86_64-linux-gnu -O2 -fno-vectorize -fno-unroll-loops \
// RUN:   -fprofile-instr-use=%t.good.profdata -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -Rpass-missed=hotalign -S %s -o %t.good.s 2> %t.good.r
// RUN: FileCheck %s --check-prefix=GOOD < %t.good.r

// CHECK: warning: profile data may be out of date: of 2 functions, 1 has mismatched data that will be ignored
// GOOD-NOT: warning:

void hot(int *a, int n) {
  // CHECK: profile-instr-stale-falls-back.c:[[#@LINE+2]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start) (no profile data for this function: static estimate)
  // GOOD: profile-instr-stale-falls-back.c:[[#@LINE+1]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back-edge count 998003,
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

void warm(int *a, int n) {
  // CHECK: profile-instr-stale-falls-back.c:[[#@LINE+2]]:3: remark: loop at %bb.{{[0-9]+}} not aligned: cold: back-edge count 50 x 2 is below the profile's hot threshold 1000000 (percentile 990000) [-Rpass-missed=hotalign]
  // GOOD: profile-instr-stale-falls-back.c:[[#@LINE+1]]:3: remark: loop at %bb.{{[0-9]+}} not aligned: cold: back-edge count 50 x 2 is below the profile's hot threshold 1000000 (percentile 990000) [-Rpass-missed=hotalign]
  for (int i = 0; i < n; ++i)
    a[i] += 7;
}

// CHECK-NOT: remark:
// CHECK-LABEL: hot:
// CHECK: .p2align 6
// CHECK-NEXT: # =>This Inner Loop Header: Depth=1
// CHECK-LABEL: warm:
// CHECK-NOT: .p2align 6
// GOOD-NOT: warning:
