// `nest K`: nest() runs an outer loop 100000 times and, in each
// iteration, an inner do-while loop K times (K - 1 back edges per entry of
// the inner loop; (K - 1) x 100000 per entry of nest()).
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned long nest(unsigned long n,
                                             volatile unsigned long *m) {
  unsigned long s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (unsigned long i = 0; i < n; i++) {
    unsigned long k = *m, j = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    do
      s += j * i + (s >> 7);
    while (++j < k);
  }
  return s;
}

int main(int argc, char **argv) {
  volatile unsigned long m = argc > 1 ? strtoul(argv[1], 0, 10) : 2;
  printf("%lu\n", nest(100000, &m));
  return 0;
}
