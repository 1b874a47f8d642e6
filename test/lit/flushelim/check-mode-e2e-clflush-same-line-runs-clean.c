// End to end with x86 line flushes: clflush(p) writes back the whole 64-byte
// line holding p, so clflush(buf + 40) after clflush(buf + 5) is redundant
// (buf is 64-byte aligned) and so is clflush(buf + 5) after a store to the
// next line. Check mode turns both into checks of the line [buf, buf + 64);
// the kept clflush snapshotted that same line, so both checks find every
// byte recorded and unchanged and the program runs clean. (Were the check's
// range not the line the snapshot took, it would abort with "never
// flushed".) Negative twin, a check that must abort:
// check-mode-e2e-restrict-lie-aborts.c.
//
// REQUIRES: x86_64-host
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=check %clang -O2 -g \
// RUN:   -fpass-plugin=%plugin %s -S -emit-llvm -o - | FileCheck %s --check-prefix=IR
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=check %clang -O2 -g \
// RUN:   -fpass-plugin=%plugin %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=hotlayout:
// IR:          call void @__hotlayout_flush_record(
// IR-COUNT-2:  call void @__hotlayout_flush_check(
// CHECK: done

#include <immintrin.h>
#include <stdio.h>

static char buf[128] __attribute__((aligned(64)));

int main(void) {
  buf[3] = 1;
  _mm_clflush(buf + 5);
  _mm_clflush(buf + 40); // same line
  buf[64] = 1;           // next line
  _mm_clflush(buf + 5);
  puts("done");
  return 0;
}
