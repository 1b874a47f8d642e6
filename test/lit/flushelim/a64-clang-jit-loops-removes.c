// The AArch64 maintenance a JIT writes by hand, through clang -O2: after
// writing code it cleans the lines (`dc cvau` loop, `dsb ish`) and
// invalidates them (`ic ivau` loop, `dsb ish` + `isb` in one statement),
// then mprotect makes the buffer executable and the same two loops run
// again. The second `dc cvau` loop goes: the first cleaned every line and
// nothing wrote them since (barriers, the `ic ivau` loop and mprotect write
// nothing). clang merges the second loops' guard with the first's and
// leaves `code + pos` as a phi of two equal computations: both are read as
// the one expression. The second `ic ivau` loop stays: mprotect and the
// `dc cvau` loop may clean the data cache after the first invalidation.
//
// Negative twin (-DPATCH): the JIT patches its first instruction after the
// first loops: the line is dirty again, so both second loops stay.
//
// clang 19 shapes the same code differently: it tests pos > 0 again after
// the memset, so a second path around the first loops starts two branches
// up, where no "flushed if the loop ran" fact is generated (README, "Loops
// as ranges", Limit): there the second dc cvau loop stays ("not every path
// to it has flushed the range"), sound but not removed.
//
// REQUIRES: aarch64-registered
// UNSUPPORTED: llvm-19
//
// RUN: %clang --target=aarch64-linux-gnu -O2 -gline-tables-only \
// RUN:   -fpass-plugin=%plugin -Rpass=flushelim -S -emit-llvm %s -o %t.ll \
// RUN:   2>%t.remarks
// RUN: FileCheck --input-file=%t.ll --check-prefix=IR %s
// RUN: FileCheck --input-file=%t.remarks --check-prefix=REMARK %s
// RUN: %clang --target=aarch64-linux-gnu -O2 -DPATCH -fpass-plugin=%plugin \
// RUN:   -Rpass=flushelim -S -emit-llvm %s -o %t.patch.ll 2>%t.patch.remarks
// RUN: FileCheck --input-file=%t.patch.ll --check-prefix=PATCH %s
// RUN: count 0 < %t.patch.remarks

int mprotect(void *addr, unsigned long len, int prot);

static inline void clean_lines(char *p, char *end) {
  for (; p < end; p += 64)
    __asm__ volatile("dc cvau, %0" ::"r"(p) : "memory");
  __asm__ volatile("dsb ish" ::: "memory");
}

static inline void invalidate_lines(char *p, char *end) {
  for (; p < end; p += 64)
    __asm__ volatile("ic ivau, %0" ::"r"(p) : "memory");
  __asm__ volatile("dsb ish\n\tisb" ::: "memory");
}

void publish(char *code, unsigned long pos) {
  for (unsigned long i = 0; i < pos; ++i)
    code[i] = (char)0xC3;
  clean_lines(code, code + pos);
  invalidate_lines(code, code + pos);
#ifdef PATCH
  code[0] = (char)0x1F;
#endif
  mprotect(code, pos, 5 /* PROT_READ | PROT_EXEC */);
  clean_lines(code, code + pos);
  invalidate_lines(code, code + pos);
}

// REMARK: {{.*}}a64-clang-jit-loops-removes.c:38:5: remark: removed redundant dc cvau: its range was already flushed by dc cvau at {{.*}}a64-clang-jit-loops-removes.c:38:5 [-Rpass=flushelim]
// REMARK-NOT: removed

// IR-LABEL: define {{.*}}void @publish(
// IR:       call void asm sideeffect "dc cvau, $0"
// IR:       call void asm sideeffect "ic ivau, $0"
// IR:       call i32 @mprotect(
// IR-NOT:   "dc cvau, $0"
// IR:       call void asm sideeffect "ic ivau, $0"
// IR:       ret void

// PATCH-LABEL: define {{.*}}void @publish(
// PATCH:       call void asm sideeffect "dc cvau, $0"
// PATCH:       call void asm sideeffect "ic ivau, $0"
// PATCH:       call i32 @mprotect(
// PATCH:       call void asm sideeffect "dc cvau, $0"
// PATCH:       call void asm sideeffect "ic ivau, $0"
// PATCH:       ret void
