/* A clflush of one line after a clflush loop over lines that may hold it
 * (the entry point of code a JIT flushed with a loop): skipped at run time
 * when its pointer lies in the loop's range.
 */
#include <immintrin.h>

void entry_after_loop(char *p, long n, long entry) {
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
  _mm_clflush(p + entry);
}

/* Twin: the flushed line lies before the loop's range (the loop starts at
 * p, the line at p - 64): no test, the clflush stays as it is. */
void before_the_loop(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
  _mm_clflush(p - 64);
}
