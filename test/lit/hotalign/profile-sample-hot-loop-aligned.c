// A sample profile (clang -fprofile-sample-use, text format) decides which
// loops are hot, like an instrumented one. Inputs/hot-and-warm.sampleprof
// (line offsets from each function's first line): @hot's loop lines took
// 1000000 samples each and its entry 100000; @warm's loop 100. @hot's
// vectorised loop is aligned with a count in its remark (its scalar remainder
// runs under twice per call: cold; LLVM 19 peels it, and then its count
// says cold); @warm's loops are cold. Sample profiles
// need line tables: -gline-tables-only. (The counts LLVM 19 and 22 derive
// from the samples differ.)
//
// RUN: %clang --target=x86_64-linux-gnu -O2 -gline-tables-only \
// RUN:   -fprofile-sample-use=%S/Inputs/hot-and-warm.sampleprof \
// RUN:   -fpass-plugin=%plugin -Rpass=hotalign -Rpass-missed=hotalign -S %s \
// RUN:   -o %t.s 2> %t.r
// RUN: cat %t.r %t.s | FileCheck %s
//
// Negative twin: without the profile, the static estimate aligns @warm's
// vector loop too, with a per-entry remark.
// RUN: %clang --target=x86_64-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=hotalign -Rpass-missed=hotalign -S %s \
// RUN:   -o %t.static.s 2> %t.static.r
// RUN: FileCheck %s --check-prefix=STATIC < %t.static.r

// CHECK: profile-sample-hot-loop-aligned.c:[[#@LINE+4]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: 55 hot bytes, back-edge count {{[0-9]+}}, alignment 64, max-skip 54 (line start where its span needs one) [-Rpass=hotalign]
// CHECK: profile-sample-hot-loop-aligned.c:[[#@LINE+3]]:3: remark: loop at %bb.{{[0-9]+}} not aligned: cold: {{iterates 1.0 times per loop entry \(hot loops iterate at least 2\)|back-edge count [0-9]+ x 2 is below the profile's hot threshold 100000 \(percentile 990000\)}} [-Rpass-missed=hotalign]
// STATIC: profile-sample-hot-loop-aligned.c:[[#@LINE+2]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back edges
void hot(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

// CHECK-NOT: aligned hot loop
// CHECK: profile-sample-hot-loop-aligned.c:[[#@LINE+4]]:3: remark: loop at %bb.{{[0-9]+}} not aligned: cold: back-edge count {{[0-9]+}} x 2 is below the profile's hot threshold 100000 (percentile 990000) [-Rpass-missed=hotalign]
// CHECK-NOT: aligned hot loop
// STATIC: profile-sample-hot-loop-aligned.c:[[#@LINE+2]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{[0-9]+}} hot bytes, back edges
void warm(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] += 7;
}

// CHECK-LABEL: hot:
// CHECK: .p2align 6, {{(0x90)?}}, 54{{$}}
// CHECK-NEXT: .LBB0_[[#]]: # =>This Inner Loop Header: Depth=1
// CHECK-LABEL: warm:
// CHECK-NOT: .p2align 6
// CHECK: .Lfunc_end1:
