// HOTLAYOUT_OPTIONS is read when the plugin loads, in every host: with only
// -fpass-plugin (no -fplugin, no -mllvm) it selects profile mode, so both
// flushes stay, each counted by the runtime. Twin (default mode, the second
// flush removed): o2-removes-reflush.c; rejected values: env-options-rejected.c.
//
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=profile \
// RUN:   %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
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
