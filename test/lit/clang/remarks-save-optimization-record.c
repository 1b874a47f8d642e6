// The other way through build systems: -fsave-optimization-record with
// -foptimization-record-passes writes each object's remarks of the chosen
// passes, every kind, as YAML next to it (x.o -> x.opt.yaml). No -R flag is
// involved, so libtool passes it through (remarks-through-libtool.test).
//
// REQUIRES: x86-registered
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -fsave-optimization-record -foptimization-record-passes='flushelim|hotalign' \
// RUN:   -c %s -o %t/x.o
// RUN: FileCheck %s < %t/x.opt.yaml
//
// Negative twin: without the plugin the record holds nothing of hotlayout's.
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 \
// RUN:   -fsave-optimization-record -foptimization-record-passes='flushelim|hotalign' \
// RUN:   -c %s -o %t/y.o
// RUN: count 0 < %t/y.opt.yaml

// CHECK: --- !Passed
// CHECK-NEXT: Pass: flushelim
// CHECK-NEXT: Name: FlushRemoved
// CHECK: Function: twice
// CHECK: --- !Passed
// CHECK-NEXT: Pass: hotalign
// CHECK-NEXT: Name: LoopAligned
// CHECK: Function: scale

void twice(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
  __builtin___clear_cache(code, code + n);
}

void scale(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}
