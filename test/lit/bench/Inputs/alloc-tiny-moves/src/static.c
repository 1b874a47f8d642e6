// alloc-tiny-mimalloc's allocator, printing how far apart its two functions
// are: an output that a layout changes, so `hotlayout ab` must refuse to time
// its layouts (alloc-run-broken.test).
#include "../../alloc-tiny-mimalloc/src/static.c"
#include <stdio.h>

__attribute__((constructor)) static void printDistance(void) {
  printf("mi_free - mi_malloc = %ld\n",
         (long)((char *)&mi_free - (char *)&mi_malloc));
}
