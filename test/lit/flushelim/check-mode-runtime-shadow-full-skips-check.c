// The runtime's memory is bounded: with HOTLAYOUT_SHADOW_PAGES=1 only one
// 4 KiB shadow page exists. Recording a second page warns once; a check there
// then proves nothing and returns, while the page that has a shadow is still
// checked. Negative twin (default limit, the same check aborts):
// check-mode-runtime-never-flushed-aborts.c.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: env HOTLAYOUT_SHADOW_PAGES=1 not --crash %t 2>&1 | FileCheck %s
// CHECK: hotlayout: shadow full (1 pages of 4 KiB); bytes beyond it are not checked and count as changed (raise HOTLAYOUT_SHADOW_PAGES)
// CHECK-NEXT: second page unchecked
// CHECK-NEXT: hotlayout: redundant flush at elided.c:3:3 (f) was needed: byte {{.*}} changed since the flush at witness.c:1:3 (f)

#include "hotlayout_rt.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  unsigned char *buf = aligned_alloc(4096, 8192);
  for (int i = 0; i < 8192; ++i)
    buf[i] = 0;
  __hotlayout_flush_record(buf, buf + 8192, "witness.c:1:3 (f)");
  buf[5000] = 1;
  __hotlayout_flush_check(buf + 4096, buf + 8192, "elided.c:2:3 (f)",
                          "witness.c:1:3 (f)");
  fprintf(stderr, "second page unchecked\n");
  buf[10] = 1;
  __hotlayout_flush_check(buf, buf + 4096, "elided.c:3:3 (f)",
                          "witness.c:1:3 (f)");
  return 0;
}
