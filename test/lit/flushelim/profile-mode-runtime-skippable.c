// The profile runtime's skippable bytes: __hotlayout_flush_profile_skip,
// called before a flush's profile call for the bytes flushelim would not
// flush, counts them and those that differ from their last flushed value,
// without updating the snapshot (the profile call after it does).
// Site "clean": bytes flushed and untouched, so 0 of 64 changed.
// Twin site "dirty": a byte written after the flush, so 1 of 64 changed
// (skipping it would have been wrong); never-flushed bytes count as changed.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: %t 2>&1 | FileCheck %s --match-full-lines
// CHECK:      site	calls	bytes_requested	bytes_changed	bytes_skippable	bytes_skippable_changed
// CHECK-NEXT: clean	2	128	64	64	0
// CHECK-NEXT: dirty	2	128	65	64	1
// CHECK-NEXT: never	1	16	16	16	16
// CHECK-EMPTY:

#include "hotlayout_rt.h"

#include <stdlib.h>

int main(void) {
  unsigned char *buf = calloc(1, 256);
  __hotlayout_flush_profile(buf, buf + 64, "clean");
  __hotlayout_flush_profile_skip(buf, buf + 64, "clean");
  __hotlayout_flush_profile(buf, buf + 64, "clean");

  __hotlayout_flush_profile(buf + 64, buf + 128, "dirty");
  buf[70] = 1;
  __hotlayout_flush_profile_skip(buf + 64, buf + 128, "dirty");
  __hotlayout_flush_profile(buf + 64, buf + 128, "dirty");

  __hotlayout_flush_profile_skip(buf + 200, buf + 216, "never");
  __hotlayout_flush_profile(buf + 200, buf + 216, "never");
  return 0;
}
