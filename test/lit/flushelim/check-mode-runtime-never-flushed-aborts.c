// The runtime on its own: the check covers bytes no instrumented flush ever
// covered (the witness flushed less than the analysis thought), so it must
// abort and name the first such byte and both locations. Negative twin:
// check-mode-runtime-unchanged-passes.c.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: first unflushed [[ADDR:0x[0-9a-f]+]]
// CHECK-NEXT: hotlayout: redundant flush at elided.c:2:3 (f) was needed: byte [[ADDR]] was never flushed (the flush at witness.c:1:3 (f) was expected to cover it)
// CHECK-NOT: unreachable

#include "hotlayout_rt.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  unsigned char *buf = calloc(1, 256);
  __hotlayout_flush_record(buf, buf + 64, "witness.c:1:3 (f)");
  fprintf(stderr, "first unflushed %p\n", (void *)(buf + 64));
  __hotlayout_flush_check(buf, buf + 128, "elided.c:2:3 (f)",
                          "witness.c:1:3 (f)");
  puts("unreachable");
  return 0;
}
