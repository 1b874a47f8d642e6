// The loop that makes up the whole profile is hot. With one loop holding
// >= 99% of all counts, the summary's 99% threshold is that loop's own raw
// counter (1000000 here), which the machine's *derived* back-edge count never
// reaches: clang scales branch weights as count+1, so a loop entered once
// with 1000000 iterations gets weights 1000001:2 and a derived back-edge count
// of ~500000 (500047);
// vectorising or unrolling divides it further. Typical of benchmark
// kernels; -hotalign-profile-slack (default 2) and the dominant-loop rule
// (-hotalign-max-count-ratio, default 16) absorb it. Twin: with neither, it
// is judged cold.
//
// Inputs/hot-dominant.proftext: one call of @hot, 1000000 iterations.
//
// RUN: llvm-profdata merge %S/Inputs/hot-dominant.proftext -o %t.profdata
// RUN: %clang --target=x86_64-linux-gnu -O2 -fno-vectorize -fno-unroll-loops \
// RUN:   -fprofile-instr-use=%t.profdata -fpass-plugin=%plugin \
// RUN:   -Rpass=hotalign -Rpass-missed=hotalign -S %s -o %t.s 2> %t.r
// RUN: cat %t.r %t.s | FileCheck %s
// RUN: %clang --target=x86_64-linux-gnu -O2 -fno-vectorize -fno-unroll-loops \
// RUN:   -fprofile-instr-use=%t.profdata -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -mllvm -hotalign-profile-slack=1 -mllvm -hotalign-max-count-ratio=0 \
// RUN:   -Rpass-missed=hotalign -S %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=NOSLACK
// NOSLACK: remark: loop at %bb.{{[0-9]+}} not aligned: cold: back-edge count 500047 x 1 is below the profile's hot threshold 1000000 (percentile 990000)

// CHECK: profile-instr-dominant-loop-is-hot.c:[[#@LINE+3]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back-edge count 500047,
// CHECK-NOT: not aligned
void hot(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

// CHECK-LABEL: hot:
// CHECK: .p2align 6
// CHECK-NEXT: # =>This Inner Loop Header: Depth=1
