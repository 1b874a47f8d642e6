/* `for (unsigned i = 0; i < n; i += 64)`: a 32-bit index whose wrap is
 * defined, so neither SCEV nor the exit test can rule it out, and the
 * address is p + zext(i), no add-recurrence of its own.
 */
#include <immintrin.h>

void unsigned_twice(char *p, unsigned n) {
  for (unsigned i = 0; i < n; i += 64)
    _mm_clflush(p + i);
  for (unsigned i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}

void unsigned_stride_128(char *p, unsigned n) {
  for (unsigned i = 0; i < n; i += 128)
    _mm_clflush(p + i);
  for (unsigned i = 0; i < n; i += 64)
    _mm_clflush(p + i);
}
