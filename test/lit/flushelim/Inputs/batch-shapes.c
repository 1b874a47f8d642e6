/* One clflush loop per shape flushelim summarises as a range (issue 22):
 * the same shapes are what -flushelim-batch-clflush batches.
 */
#include <immintrin.h>

void long_index(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}
void int_index(char *p, int n) {
  for (int i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}
void unsigned_index(char *p, unsigned n) {
  for (unsigned i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}
void pointer_bound(char *p, char *e) {
  for (char *q = p; q < e; q += 64)
    _mm_clflush(q);
}
void do_while(char *p, long n) {
  long i = 0;
  do {
    _mm_clflush(p + i);
    i += 64;
  } while (i < n);
}
void counting_down(char *p, long n) {
  for (long i = n - 64; i >= 0; i -= 64)
    _mm_clflush(p + i);
}
/* Twin: every other line; a pointer that skips lines is not "flush this
 * buffer". */
void int_stride_128(char *p, int n) {
  for (int i = 0; i < n; i += 128)
    _mm_clflush(p + i);
}
