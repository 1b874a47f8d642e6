/* flush_counter.c - counts what a program flushes, for demo.sh.
 *
 * Linked with -Wl,--wrap=__clear_cache, every call the program makes to
 * __clear_cache lands here first: the calls, the bytes asked for and the
 * 64-byte lines they touch are counted, then the real routine runs. At exit
 * the totals go to stderr:
 *   flushed: C calls, B bytes, L lines
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void __real___clear_cache(void *begin, void *end);

static unsigned long long calls, bytes, lines;

static void report(void) {
  fprintf(stderr, "flushed: %llu calls, %llu bytes, %llu lines\n", calls, bytes,
          lines);
}

void __wrap___clear_cache(void *begin, void *end) {
  if (calls++ == 0)
    atexit(report);
  uintptr_t b = (uintptr_t)begin, e = (uintptr_t)end;
  if (e > b) {
    bytes += e - b;
    lines += (e - 1) / 64 - b / 64 + 1;
  }
  __real___clear_cache(begin, end);
}
