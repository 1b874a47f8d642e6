// clang's diagnostic handler honours only its -R flags, so
// `-mllvm -pass-remarks=flushelim` used to print nothing. The plugin now
// prints the remarks of its own passes that LLVM's -pass-remarks* flags
// select, in clang's format, whichever kind (passed, missed, analysis).
//
// REQUIRES: x86-registered
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -mllvm -pass-remarks=flushelim \
// RUN:   -mllvm -pass-remarks-missed=flushelim -S -emit-llvm %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s
//
// Negative twins: a pattern naming other passes prints none of flushelim's
// (hotalign's remark for @scale's loop is selected and printed instead), and
// clang still prints no remark of its own passes (the inliner's) for
// -mllvm -pass-remarks: that is clang's behaviour, not the plugin's to change.
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -mllvm -pass-remarks='hotalign|inline' -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER

int mprotect(void *addr, unsigned long len, int prot);

static void write_code(char *code, unsigned long n) {
  for (unsigned long i = 0; i < n; ++i)
    code[i] = (char)0xC3;
}

void publish(char *code, unsigned long n) {
  write_code(code, n);
  __builtin___clear_cache(code, code + n);
  mprotect(code, 4096, 5 /* PROT_READ | PROT_EXEC */);
  // CHECK: remarks-mllvm-pass-remarks-printed.c:[[#@LINE+1]]:3: remark: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at {{.*}}remarks-mllvm-pass-remarks-printed.c:[[#@LINE-2]]:3 [-Rpass=flushelim]
  __builtin___clear_cache(code, code + n);
}

void patched(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
  code[0] = 0;
  // CHECK: remarks-mllvm-pass-remarks-printed.c:[[#@LINE+1]]:3: remark: kept llvm.clear_cache: {{.*}} [-Rpass-missed=flushelim]
  __builtin___clear_cache(code, code + n);
}

// OTHER-NOT: flushelim
// OTHER-NOT: inlined
void scale(int *a, int n) {
  // OTHER: remarks-mllvm-pass-remarks-printed.c:[[#@LINE+1]]:3: remark: aligned hot loop at %bb.{{[0-9]+}}: {{.*}} [-Rpass=hotalign]
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}
// CHECK-NOT: remark:
// OTHER-NOT: flushelim
// OTHER-NOT: inlined
