// Twin of o2-removes-reflush.c: at -O0 clang's pipeline still offers
// OptimizerLast to the plugin, but flushelim declines to run there (-O0 asks
// for no optimisation), so both flushes stay and no remark is printed.
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O0 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=flushelim -Rpass-missed=flushelim \
// RUN:   -Rpass-analysis=flushelim -S -emit-llvm %s -o %t.ll 2>%t.remarks
// RUN: FileCheck --input-file=%t.ll %s
// RUN: count 0 < %t.remarks

int mprotect(void *addr, unsigned long len, int prot);

void publish(char *code, unsigned long n) {
  for (unsigned long i = 0; i < n; ++i)
    code[i] = (char)0xC3;
  __builtin___clear_cache(code, code + n);
  mprotect(code, 4096, 5 /* PROT_READ | PROT_EXEC */);
  __builtin___clear_cache(code, code + n);
}

// CHECK-LABEL: define {{.*}}void @publish(
// CHECK:       call void @llvm.clear_cache(
// CHECK:       call i32 @mprotect(
// CHECK:       call void @llvm.clear_cache(
// CHECK:       ret void
