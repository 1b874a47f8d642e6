/* clflush loops whose exit tests SCEV cannot count by itself, or counts
 * only with its own reasoning: each positive function flushes the same
 * lines twice (the second loop goes); each *_twin changes one thing so that
 * the second loop may flush a line the first did not (it must stay, whole
 * or narrowed per line).
 */
#include <immintrin.h>

/* i <= n: one more iteration than i < n when n is a multiple of 64. */
void le_twice(char *p, long n) {
  for (long i = 0; i <= n; i += 64)
    _mm_clflush(p + i);
  for (long i = 0; i <= n; i += 64)
    _mm_clflush(p + i);
}
void le_twin(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
  for (long i = 0; i <= n; i += 64)
    _mm_clflush(p + i);
}

/* do-while: the body runs once even when n <= 0. */
void do_while_twice(char *p, long n) {
  long i = 0;
  do {
    _mm_clflush(p + i);
    i += 64;
  } while (i < n);
  i = 0;
  do {
    _mm_clflush(p + i);
    i += 64;
  } while (i < n);
}
void do_while_twin(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
  long i = 0;
  do {
    _mm_clflush(p + i);
    i += 64;
  } while (i < n);
}

/* i != n: counted by SCEV when n is a multiple of the stride. */
void ne_twice(char *p, unsigned long lines) {
  unsigned long n = lines * 64;
  for (unsigned long i = 0; i != n; i += 64)
    _mm_clflush(p + i);
  for (unsigned long i = 0; i != n; i += 64)
    _mm_clflush(p + i);
}
void ne_twin(char *p, unsigned long n) {
  for (unsigned long i = 0; i != n; i += 64)
    _mm_clflush(p + i);
  for (unsigned long i = 0; i != n; i += 64)
    _mm_clflush(p + i);
}

/* Counting down to zero. */
void down_twice(char *p, long n) {
  for (long i = n - 64; i >= 0; i -= 64)
    _mm_clflush(p + i);
  for (long i = n - 64; i >= 0; i -= 64)
    _mm_clflush(p + i);
}
void down_twin(char *p, long n) {
  for (long i = n - 64; i >= 64; i -= 64)
    _mm_clflush(p + i);
  for (long i = n - 64; i >= 0; i -= 64)
    _mm_clflush(p + i);
}
