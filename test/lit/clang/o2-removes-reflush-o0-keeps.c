// With only -fpass-plugin, flushelim joins clang's -O1+ pipeline by itself
// (OptimizerLast): the make-executable step's re-flush of the range the
// writer just flushed is removed, and -Rpass=flushelim names the witness.
//
// Twin, the same file at -O0: clang's pipeline still offers OptimizerLast to
// the plugin, but flushelim declines to run there (-O0 asks for no
// optimisation), so nothing may change: both flushes stay and no remark is
// printed.
//
// REQUIRES: x86-registered
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=flushelim -S -emit-llvm %s -o %t.o2.ll \
// RUN:   2>%t.o2.remarks
// RUN: FileCheck --input-file=%t.o2.ll --check-prefix=O2 %s
// RUN: FileCheck --input-file=%t.o2.remarks --check-prefix=REMARK %s
//
// RUN: %clang --target=x86_64-unknown-linux-gnu -O0 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=flushelim -Rpass-missed=flushelim \
// RUN:   -Rpass-analysis=flushelim -S -emit-llvm %s -o %t.o0.ll 2>%t.o0.remarks
// RUN: FileCheck --input-file=%t.o0.ll --check-prefix=O0 %s
// RUN: count 0 < %t.o0.remarks

int mprotect(void *addr, unsigned long len, int prot);

void publish(char *code, unsigned long n) {
  for (unsigned long i = 0; i < n; ++i)
    code[i] = (char)0xC3;
  __builtin___clear_cache(code, code + n);
  mprotect(code, 4096, 5 /* PROT_READ | PROT_EXEC */);
  // REMARK: o2-removes-reflush-o0-keeps.c:[[@LINE+1]]:3: remark: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at {{.*}}o2-removes-reflush-o0-keeps.c:[[@LINE-2]]:3 [-Rpass=flushelim]
  __builtin___clear_cache(code, code + n);
}

// O2-LABEL: define {{.*}}void @publish(
// O2:       call void @llvm.clear_cache(
// O2:       call i32 @mprotect(
// O2-NOT:   call void @llvm.clear_cache(
// O2:       ret void

// O0-LABEL: define {{.*}}void @publish(
// O0:       call void @llvm.clear_cache(
// O0:       call i32 @mprotect(
// O0:       call void @llvm.clear_cache(
// O0:       ret void
