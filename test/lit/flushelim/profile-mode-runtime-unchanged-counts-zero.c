// Negative twin of profile-mode-runtime-counts-per-site.c: the program's
// bytes never change between flushes, so after the first flush (whose bytes
// are new) no byte may count as changed, however often the range is flushed.
// Four threads flush at once: no call may be lost.
//
// RUN: %clang -g -I%rtinc %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: %t 2>&1 | FileCheck %s --match-full-lines
// CHECK:      site	calls	bytes_requested	bytes_changed	bytes_skippable	bytes_skippable_changed
// CHECK-NEXT: same.c:1:1 (spin)	4000	16384000	4096	0	0
// CHECK-EMPTY:

#include "hotlayout_rt.h"

#include <pthread.h>
#include <stdlib.h>

static unsigned char page[4096];

static void *spin(void *unused) {
  (void)unused;
  for (int i = 0; i < 1000; ++i)
    __hotlayout_flush_profile(page, page + sizeof page, "same.c:1:1 (spin)");
  return NULL;
}

int main(void) {
  pthread_t threads[4];
  for (int i = 0; i < 4; ++i)
    pthread_create(&threads[i], NULL, spin, NULL);
  for (int i = 0; i < 4; ++i)
    pthread_join(threads[i], NULL);
  return 0;
}
