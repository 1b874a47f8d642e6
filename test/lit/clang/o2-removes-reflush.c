// With only -fpass-plugin, flushelim joins clang's -O1+ pipeline by itself
// (OptimizerLast): the make-executable step's re-flush of the range the
// writer just flushed is removed, and -Rpass=flushelim names the witness.
// Twin: o0-keeps-reflush.c.
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=flushelim -S -emit-llvm %s -o %t.ll \
// RUN:   2>%t.remarks
// RUN: FileCheck --input-file=%t.ll %s
// RUN: FileCheck --input-file=%t.remarks --check-prefix=REMARK %s

int mprotect(void *addr, unsigned long len, int prot);

void publish(char *code, unsigned long n) {
  for (unsigned long i = 0; i < n; ++i)
    code[i] = (char)0xC3;
  __builtin___clear_cache(code, code + n);
  mprotect(code, 4096, 5 /* PROT_READ | PROT_EXEC */);
  // REMARK: o2-removes-reflush.c:[[@LINE+1]]:3: remark: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at {{.*}}o2-removes-reflush.c:[[@LINE-2]]:3 [-Rpass=flushelim]
  __builtin___clear_cache(code, code + n);
}

// CHECK-LABEL: define {{.*}}void @publish(
// CHECK:       call void @llvm.clear_cache(
// CHECK:       call i32 @mprotect(
// CHECK-NOT:   call void @llvm.clear_cache(
// CHECK:       ret void
