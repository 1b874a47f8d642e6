// The runtime on its own: one byte of the range changes after the witness
// flush, so the check must abort and name the byte, the elided flush's
// location and the witness's, plus the flushed and current values. Negative
// twin: check-mode-runtime-unchanged-passes.c.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: changing [[ADDR:0x[0-9a-f]+]]
// CHECK-NEXT: hotlayout: redundant flush at elided.c:2:3 (f) was needed: byte [[ADDR]] changed since the flush at witness.c:1:3 (f)
// CHECK-NEXT: hotlayout: note: flushed value 0x88, now 0x2a{{$}}
// CHECK-NOT: unreachable

#include "hotlayout_rt.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  unsigned char *buf = malloc(10000);
  for (int i = 0; i < 10000; ++i)
    buf[i] = (unsigned char)i;
  __hotlayout_flush_record(buf, buf + 10000, "witness.c:1:3 (f)");
  fprintf(stderr, "changing %p\n", (void *)(buf + 5000));
  buf[5000] = 0x2a; // 5000 % 256 == 0x88
  __hotlayout_flush_check(buf, buf + 10000, "elided.c:2:3 (f)",
                          "witness.c:1:3 (f)");
  puts("unreachable");
  return 0;
}
