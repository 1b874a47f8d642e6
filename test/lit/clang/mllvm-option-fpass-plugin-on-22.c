// clang 22 loads -fpass-plugin plugins before it parses -mllvm options, so
// -fpass-plugin alone is enough for flushelim's options there (clang 19
// rejects them: mllvm-option-needs-fplugin-on-19.c). Profile mode is
// honoured: both flushes stay, each counted.
// REQUIRES: llvm-22
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -mllvm -flushelim-mode=profile -S -emit-llvm %s -o - | FileCheck %s

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
