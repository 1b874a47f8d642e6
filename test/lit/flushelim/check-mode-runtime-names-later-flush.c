// The runtime on its own: when a later kept flush re-snapshotted the line
// after the witness, the snapshot the check compares with is that flush's,
// and the report says so. Twin, no later flush (no such note):
// check-mode-runtime-changed-byte-aborts.c.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: hotlayout: redundant flush at elided.c:3:3 (f) was needed: byte {{0x[0-9a-f]+}} changed since the flush at witness.c:1:3 (f)
// CHECK-NEXT: hotlayout: note: flushed value 0x07, now 0x08; the line was last flushed at later.c:2:3 (g){{$}}

#include "hotlayout_rt.h"

#include <stdlib.h>

int main(void) {
  unsigned char *buf = calloc(1, 256);
  __hotlayout_flush_record(buf, buf + 256, "witness.c:1:3 (f)");
  buf[100] = 7;
  __hotlayout_flush_record(buf + 64, buf + 128, "later.c:2:3 (g)");
  buf[100] = 8;
  __hotlayout_flush_check(buf, buf + 256, "elided.c:3:3 (f)",
                          "witness.c:1:3 (f)");
  return 0;
}
