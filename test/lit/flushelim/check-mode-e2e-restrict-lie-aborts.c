// End to end: a program that lies to the optimiser. patch() promises with
// `restrict` that code and alias never overlap, so flushelim proves the
// second flush redundant; main() then passes the same buffer twice. Check
// mode replaces that flush by a runtime check, which sees the byte the
// aliased store changed and aborts naming both flushes' source locations.
// Negative twin (an honest program runs clean):
// check-mode-e2e-honest-runs-clean.c.
//
// REQUIRES: x86_64-host
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=check %clang -O2 -g \
// RUN:   -fpass-plugin=%plugin %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s

#include <stdio.h>

// CHECK: hotlayout: redundant flush at {{.*}}check-mode-e2e-restrict-lie-aborts.c:[[#@LINE+6]]:3 (patch) was needed: byte {{0x[0-9a-f]+}} changed since the flush at {{.*}}check-mode-e2e-restrict-lie-aborts.c:[[#@LINE+4]]:3 (patch)
// CHECK-NEXT: hotlayout: note: flushed value 0x00, now 0xc3{{$}}
// CHECK-NOT: unreachable
__attribute__((noinline)) void patch(char *restrict code, char *restrict alias) {
  __builtin___clear_cache(code, code + 64);
  alias[3] = (char)0xc3; // ret
  __builtin___clear_cache(code, code + 64);
}

static char buf[64];

int main(void) {
  patch(buf, buf);
  puts("unreachable");
  return 0;
}
