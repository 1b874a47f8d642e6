// The profile runtime on its own: per site, calls, bytes asked for and bytes
// that changed since they were last flushed (never-flushed bytes count as
// changed), in a TSV sorted by site, written at exit to $HOTLAYOUT_PROFILE or,
// without it, to stderr. Two copies of one location string (two modules) are
// one site. Negative twin, nothing changes between flushes:
// profile-mode-runtime-unchanged-counts-zero.c.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: rm -f %t.tsv
// RUN: env HOTLAYOUT_PROFILE=%t.tsv %t
// RUN: FileCheck %s --match-full-lines < %t.tsv
// RUN: %t 2>&1 | FileCheck %s --match-full-lines
// CHECK:      site	calls	bytes_requested	bytes_changed	bytes_skippable	bytes_skippable_changed
// CHECK-NEXT: a.c:1:1 (empty)	1	0	0	0	0
// CHECK-NEXT: b.c:2:3 (publish)	3	300	103	0	0
// CHECK-NEXT: c.c:9:9 (other)	1	50	0	0	0
// CHECK-EMPTY:

#include "hotlayout_rt.h"

#include <stdlib.h>
#include <string.h>

int main(void) {
  unsigned char *buf = calloc(1, 100);
  char copy[32];
  strcpy(copy, "b.c:2:3 (publish)");
  __hotlayout_flush_profile(buf, buf + 100, "b.c:2:3 (publish)"); // 100 new
  buf[1] = buf[2] = buf[3] = 9;
  __hotlayout_flush_profile(buf, buf + 100, copy);                // 3 changed
  __hotlayout_flush_profile(buf, buf + 100, "b.c:2:3 (publish)"); // 0 changed
  __hotlayout_flush_profile(buf, buf, "a.c:1:1 (empty)");
  // Bytes another site flushed are not new to this one.
  __hotlayout_flush_profile(buf + 50, buf + 100, "c.c:9:9 (other)");
  return 0;
}
