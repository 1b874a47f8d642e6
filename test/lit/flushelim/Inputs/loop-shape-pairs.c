/* Two clflush loops over the same lines, as C code and JITs write them
 * (issue 22's table). One form per build:
 *   -DFORM_LONG   for (long i = 0; i < n; i += 64)  clflush(p + i)
 *   -DFORM_INT    for (int i = 0; i < n; i += 64)   clflush(p + i)
 *   -DFORM_PTR    for (char *q = p; q < e; q += 64) clflush(q), e a pointer
 *                 of its own (no common base with p for SCEV)
 * @twice: the second loop flushes the same lines: it goes.
 * Twins, where the second loop must stay whole or be narrowed, never go:
 * @stride_128 (the first loop skips every other line), @store_between (a
 * store into the lines between the loops), @half (the first loop flushes
 * the first half of the lines: the second skips those at run time and
 * flushes the rest).
 */
#include <immintrin.h>

#if defined(FORM_LONG) || defined(FORM_PTR)
typedef long idx_t;
#elif defined(FORM_INT)
typedef int idx_t;
#else
#error "define FORM_LONG, FORM_INT or FORM_PTR"
#endif

#ifdef FORM_PTR
#define FLUSH(p, e, n, step)                                                   \
  for (char *q = (p); q < (e); q += (step))                                    \
  _mm_clflush(q)
#define HALF(p, e, n) ((p) + ((e) - (p)) / 2)
#else
#define FLUSH(p, e, n, step)                                                   \
  for (idx_t i = 0; i < (n); i += (step))                                      \
  _mm_clflush((p) + i)
#define HALF(p, e, n) ((n) / 2)
#endif

void twice(char *p, char *e, idx_t n) {
  FLUSH(p, e, n, 64);
  FLUSH(p, e, n, 64);
}

void stride_128(char *p, char *e, idx_t n) {
  FLUSH(p, e, n, 128);
  FLUSH(p, e, n, 64);
}

void store_between(char *p, char *e, idx_t n, char v) {
  FLUSH(p, e, n, 64);
  p[100] = v;
  FLUSH(p, e, n, 64);
}

void half(char *p, char *e, idx_t n) {
#ifdef FORM_PTR
  FLUSH(p, HALF(p, e, n), n, 64);
#else
  FLUSH(p, e, HALF(p, e, n), 64);
#endif
  FLUSH(p, e, n, 64);
}
