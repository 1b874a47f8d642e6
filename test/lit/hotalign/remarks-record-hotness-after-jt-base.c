// Remarks saved with hotness (-fsave-optimization-record with an
// instrumented profile) from the whole codegen pipeline: hotalign's remark
// reads block frequencies through the remark emitter after hotalign-jt-base
// ran. When hotalign-jt-base declared the CFG preserved, the lazy
// block-frequency pass kept pointing at frequencies that had been freed and
// clang crashed in getBlockProfileCount; the record must hold hotalign's
// remark with its hotness. @dispatch has a switch in a loop (a jump table
// whose address Machine LICM hoists), so hotalign-jt-base has work to do.
// Negative twin: without the profile, no remark has a hotness.
//
// RUN: llvm-profdata merge %S/Inputs/hot-and-warm.proftext -o %t.profdata
// RUN: %clang --target=x86_64-linux-gnu -O2 -fPIE -fno-vectorize \
// RUN:   -fno-unroll-loops -fprofile-instr-use=%t.profdata \
// RUN:   -Wno-profile-instr-unprofiled -fpass-plugin=%plugin \
// RUN:   -fsave-optimization-record -foptimization-record-file=%t.yaml \
// RUN:   -c %s -o %t.o
// RUN: FileCheck %s < %t.yaml
// RUN: %clang --target=x86_64-linux-gnu -O2 -fPIE -fno-vectorize \
// RUN:   -fno-unroll-loops -fpass-plugin=%plugin -fsave-optimization-record \
// RUN:   -foptimization-record-file=%t.static.yaml -c %s -o %t.static.o
// RUN: FileCheck %s --check-prefix=STATIC --implicit-check-not=Hotness: \
// RUN:   < %t.static.yaml

// hotalign's remarks are the only ones named LoopAligned and Loop
// (@dispatch has no profile: no hotness).
// CHECK:      Name: LoopAligned
// CHECK:      Function: hot
// CHECK-NEXT: Hotness: {{[0-9]+}}
// CHECK:      Pass: hotalign-jt-base
// CHECK-NEXT: Name: Restored
// CHECK:      Function: dispatch
// CHECK:      Name: Loop{{$}}
// CHECK:      Function: dispatch
// STATIC:      Name: LoopAligned
// STATIC:      Pass: hotalign-jt-base
// STATIC-NEXT: Name: Restored

void hot(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

void warm(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}

unsigned long Acc[8];
void dispatch(const volatile unsigned char *p, int n) {
  for (int i = 0; i < n; ++i)
    switch (p[i]) {
    case 0: Acc[0] += i; break;
    case 1: Acc[1] ^= Acc[0] << 1; break;
    case 2: Acc[2] = Acc[2] * 3 + 1; break;
    case 3: Acc[3] -= Acc[2]; break;
    case 4: Acc[4] += Acc[3] >> 2; break;
    case 5: Acc[5] |= Acc[1]; break;
    default: Acc[7]++; break;
    }
}
