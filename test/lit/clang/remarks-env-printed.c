// -hotlayout-remarks=REGEX, given in HOTLAYOUT_OPTIONS, prints every remark
// (passed, missed, analysis) of the hotlayout passes it matches, whatever
// remark flags the host honours: the way for builds whose CFLAGS cannot
// carry -Rpass (libtool reads -R as a run path). Clang's own -R remarks are
// untouched: -Rpass=inline still prints the inliner's, once, and a remark
// both ways is printed once.
//
// REQUIRES: x86-registered
//
// RUN: env HOTLAYOUT_OPTIONS=-hotlayout-remarks=flushelim %clang \
// RUN:   --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=inline -S -emit-llvm %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s
// RUN: env HOTLAYOUT_OPTIONS=-hotlayout-remarks=flushelim %clang \
// RUN:   --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=flushelim -S -emit-llvm %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s --check-prefix=ONCE
//
// Negative twins: a pattern matching no flushelim pass, and no variable,
// print no flushelim remark.
// RUN: env HOTLAYOUT_OPTIONS=-hotlayout-remarks=hotalign %clang \
// RUN:   --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:   | count 0
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 | count 0

int mprotect(void *addr, unsigned long len, int prot);

static void patch(char *code) { code[0] = 0; }

void patched(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
  // CHECK: remarks-env-printed.c:[[#@LINE+1]]:3: remark: 'patch' inlined into 'patched'
  patch(code);
  // CHECK: remarks-env-printed.c:[[#@LINE+2]]:3: remark: kept llvm.clear_cache: {{.*}} [-Rpass-missed=flushelim]
  // ONCE: remarks-env-printed.c:[[#@LINE+1]]:3: remark: kept llvm.clear_cache: {{.*}} [-Rpass-missed=flushelim]
  __builtin___clear_cache(code, code + n);
}

void publish(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
  mprotect(code, 4096, 5 /* PROT_READ | PROT_EXEC */);
  // CHECK: remarks-env-printed.c:[[#@LINE+2]]:3: remark: removed redundant llvm.clear_cache: {{.*}} [-Rpass=flushelim]
  // ONCE-COUNT-1: remarks-env-printed.c:[[#@LINE+1]]:3: remark: removed redundant llvm.clear_cache: {{.*}} [-Rpass=flushelim]
  __builtin___clear_cache(code, code + n);
}

// CHECK-NOT: remark:
// ONCE-NOT: remark: removed
