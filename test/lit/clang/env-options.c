// HOTLAYOUT_OPTIONS is read when the plugin loads, in every host: with only
// -fpass-plugin (no -fplugin, no -mllvm) it selects profile mode, so both
// flushes stay, each counted by the runtime. Without the variable the default
// mode removes the second flush (also o2-removes-reflush-o0-keeps.c).
//
// REQUIRES: x86-registered
//
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=profile \
// RUN:   %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -S -emit-llvm %s -o - | FileCheck --check-prefix=DEFAULT %s
//
// Twins: HOTLAYOUT_OPTIONS only sets hotlayout's own options. Anything else
// (which could silently change the host's optimisation) is an error naming
// the offending word, as are unknown hotlayout options and bad values; the
// compile stops instead of going on with options the user did not get.
//
// RUN: env HOTLAYOUT_OPTIONS=-inline-threshold=5 not %clang -O2 \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=FOREIGN %s
// FOREIGN: HOTLAYOUT_OPTIONS: '-inline-threshold=5' is not a hotlayout option
//
// RUN: env "HOTLAYOUT_OPTIONS=-flushelim-mode=check -flushelim-no-such-option" \
// RUN:   not %clang -O2 -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null \
// RUN:   2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: HOTLAYOUT_OPTIONS: '-flushelim-no-such-option' is not a hotlayout option
//
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=sometimes not %clang -O2 \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=BADVALUE %s
// BADVALUE: HOTLAYOUT_OPTIONS: bad value in '-flushelim-mode=sometimes'

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

// DEFAULT-LABEL: define {{.*}}void @publish(
// DEFAULT-NOT:   __hotlayout_flush_profile
// DEFAULT:       call void @llvm.clear_cache(
// DEFAULT:       call i32 @mprotect(
// DEFAULT-NOT:   call void @llvm.clear_cache(
// DEFAULT-NOT:   __hotlayout_flush_profile
// DEFAULT:       ret void
