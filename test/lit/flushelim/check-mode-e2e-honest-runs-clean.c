// End to end, negative twin of check-mode-e2e-restrict-lie-aborts.c: the
// same shape of program without the lie. Its redundant flush (nothing
// written since the first) becomes a check, which must pass; the flush after
// a real write stays and refreshes the snapshot, so the check after it passes
// too, and the program runs to the end with nothing on stderr.
//
// REQUIRES: x86_64-host
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=check %clang -O2 -g \
// RUN:   -fpass-plugin=%plugin %s -S -emit-llvm -o - | FileCheck %s --check-prefix=IR
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=check %clang -O2 -g \
// RUN:   -fpass-plugin=%plugin %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=hotlayout:
// IR-COUNT-2: call void @__hotlayout_flush_check(
// CHECK: done

#include <stdio.h>

__attribute__((noinline)) void emit(char *code) {
  __builtin___clear_cache(code, code + 64);
  __builtin___clear_cache(code, code + 64);
  code[3] = (char)0xc3; // ret
  __builtin___clear_cache(code, code + 64);
  __builtin___clear_cache(code, code + 64);
}

static char buf[64];

int main(void) {
  emit(buf);
  emit(buf + 0); // again: the snapshot is refreshed by the kept flushes
  puts("done");
  return 0;
}
