// The portable way to pass flushelim's options to clang: load the .so early
// with -fplugin= as well as -fpass-plugin=, then -mllvm -flushelim-...
// -flushelim-mode=profile is honoured on both majors: every flush is
// instrumented and none is removed (the default mode removes the second:
// o2-removes-reflush-o0-keeps.c).
//
// REQUIRES: x86-registered
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -fplugin=%plugin \
// RUN:   -fpass-plugin=%plugin -mllvm -flushelim-mode=profile \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s
//
// Without -fplugin= the majors differ. clang 22 loads -fpass-plugin plugins
// before it parses -mllvm options, so -fpass-plugin alone is enough there.
// RUN: %if llvm-22 %{ %clang --target=x86_64-unknown-linux-gnu -O2 \
// RUN:   -fpass-plugin=%plugin -mllvm -flushelim-mode=profile \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s %}
//
// Twin, clang 19: it parses -mllvm options before it loads -fpass-plugin
// plugins, so with -fpass-plugin alone flushelim's option does not exist yet
// and the compile must stop rather than run without it.
// RUN: %if llvm-19 %{ not %clang --target=x86_64-unknown-linux-gnu -O2 \
// RUN:   -fpass-plugin=%plugin -mllvm -flushelim-mode=profile \
// RUN:   -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck --check-prefix=REJECTED %s %}
// REJECTED: Unknown command line argument '-flushelim-mode=profile'

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
