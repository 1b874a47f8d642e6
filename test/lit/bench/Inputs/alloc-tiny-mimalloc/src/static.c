// A stand-in for mimalloc's single-TU src/static.c, so the smoke test of
// bench/alloc/run.sh (alloc-run-quick.test, MIMALLOC_SRC) fetches nothing: the
// two calls allocbench makes, over libc's allocator.
#include <stdlib.h>

void *mi_malloc(size_t size) { return malloc(size); }

void mi_free(void *p) { free(p); }
