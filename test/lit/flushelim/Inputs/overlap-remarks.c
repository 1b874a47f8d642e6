/* Flushes left whole after an earlier flush of an overlapping range, each
 * for a reason a remark must give (no silent miss).
 */
#include <immintrin.h>

/* A write-back does not evict: the clflush stays. */
void clwb_then_clflush(char *p) {
  _mm_clwb(p);
  _mm_clflush(p);
}

/* clflushopt is not ordered with later stores as clflush is. */
void clflushopt_loop_then_clflush_loop(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    _mm_clflushopt(p + i);
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}

/* One line first, then a loop over lines that may hold it: a loop skips
 * only the lines an earlier loop flushed. */
void line_then_loop(char *p, long n) {
  _mm_clflush(p);
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}

/* The callee's flush, then a store into its line: named as any earlier
 * flush. */
__attribute__((noinline)) void flush_line(char *p) { _mm_clflush(p); }
void callee_then_store(char *p) {
  flush_line(p);
  p[0] = 1;
  _mm_clflush(p);
}
