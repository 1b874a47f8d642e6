// The portable way to pass flushelim's options to clang: load the .so early
// with -fplugin= as well as -fpass-plugin=, then -mllvm -flushelim-...
// (clang 19 parses -mllvm before it loads pass plugins and needs the -fplugin=:
// mllvm-option-needs-fplugin-on-19.c; clang 22 does not:
// mllvm-option-fpass-plugin-on-22.c). -flushelim-mode=profile is honoured:
// every flush is instrumented and none is removed, where the default mode
// removes the second (o2-removes-reflush.c).
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -fplugin=%plugin \
// RUN:   -fpass-plugin=%plugin -mllvm -flushelim-mode=profile \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s

int mprotect(void *addr, unsigned long len, int prot);

void publish(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
  mprotect(code, 4096, 5 /* PROT_READ | PROT_EXEC */);
  __builtin___clear_cache(code, code + n);
}

// CHECK-LABEL: define {{.*}}void @publish(
// CHECK:       call void @__hotlayout_flush_profile(
// CHECK-NEXT:  call void @llvm.clear_cache(
// CHECK:       call i32 @mprotect(
// CHECK:       call void @__hotlayout_flush_profile(
// CHECK-NEXT:  call void @llvm.clear_cache(
// CHECK:       ret void
