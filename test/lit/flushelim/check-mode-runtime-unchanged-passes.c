// The runtime on its own: a check of bytes that still equal the snapshot the
// witness took returns, for the whole range (which crosses a 4 KiB shadow
// page) and for any part of it. Negative twins:
// check-mode-runtime-changed-byte-aborts.c and
// check-mode-runtime-never-flushed-aborts.c.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=hotlayout:
// CHECK: all checks passed

#include "hotlayout_rt.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  unsigned char *buf = malloc(10000);
  for (int i = 0; i < 10000; ++i)
    buf[i] = (unsigned char)i;
  __hotlayout_flush_record(buf + 3, buf + 9003, "witness.c:1:3 (f)");
  __hotlayout_flush_check(buf + 3, buf + 9003, "elided.c:2:3 (f)",
                          "witness.c:1:3 (f)");
  __hotlayout_flush_check(buf + 4090, buf + 4200, "elided.c:3:3 (f)",
                          "witness.c:1:3 (f)");
  // An empty range has nothing to check.
  __hotlayout_flush_check(buf, buf, "elided.c:4:3 (f)", "witness.c:1:3 (f)");
  // Bytes outside the flushed range may change freely.
  buf[0] = 0xff;
  buf[9500] = 0xff;
  __hotlayout_flush_check(buf + 3, buf + 9003, "elided.c:5:3 (f)",
                          "witness.c:1:3 (f)");
  puts("all checks passed");
  return 0;
}
