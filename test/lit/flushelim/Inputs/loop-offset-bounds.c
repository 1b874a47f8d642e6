/* A clflush loop over the middle of a range an earlier loop flushed whole,
 * its bounds offset at both ends (issue 29). One index type per build:
 *   -DFORM_LONG  long   (`n - 128` is an `add nsw`)
 *   -DFORM_INT   int    (the same in 32 bits, widened by sext)
 *   -DFORM_ULONG unsigned long (`n - 128` wraps below 128)
 * @middle: for (i = 0; i < n; i += 64), then for (i = 128; i < n - 128;
 * i += 64): the second loop runs only where n > 256, and then flushes
 * lines of p + 128 .. p + n - 129, all flushed by the first: it goes.
 * @middle_stride_128: the second loop flushes every other of those lines:
 * it goes too.
 * Twins, where the second loop must stay (or be narrowed, never go):
 * @end_past (`i < n + 64`: its last lines lie past the first loop's),
 * @first_stride_128 (the first loop flushes every other line),
 * @store_between (a store into the lines between the loops), and, with
 * FORM_ULONG, @middle itself (n < 128 makes n - 128 huge: the second loop
 * then runs past the first's lines).
 */
#include <immintrin.h>

#if defined(FORM_LONG)
typedef long idx_t;
#elif defined(FORM_INT)
typedef int idx_t;
#elif defined(FORM_ULONG)
typedef unsigned long idx_t;
#else
#error "define FORM_LONG, FORM_INT or FORM_ULONG"
#endif

#define FLUSH(lo, hi, step)                                                    \
  for (idx_t i = (lo); i < (hi); i += (step))                                  \
  _mm_clflush(p + i)

void middle(char *p, idx_t n) {
  FLUSH(0, n, 64);
  FLUSH(128, n - 128, 64);
}

void middle_stride_128(char *p, idx_t n) {
  FLUSH(0, n, 64);
  FLUSH(128, n - 128, 128);
}

void end_past(char *p, idx_t n) {
  FLUSH(0, n, 64);
  FLUSH(128, n + 64, 64);
}

void first_stride_128(char *p, idx_t n) {
  FLUSH(0, n, 128);
  FLUSH(128, n - 128, 64);
}

void store_between(char *p, idx_t n, char v) {
  FLUSH(0, n, 64);
  p[200] = v;
  FLUSH(128, n - 128, 64);
}
