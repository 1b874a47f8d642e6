// `mispredicted N`: hot() and twin() are the same code, with the likely and
// the unlikely path of __builtin_expect swapped against what runs: the
// compiler lays the "unlikely" path, which runs on 15 of 16 iterations, out
// of line, and the "likely" one inline. hot() runs N times; twin() never
// runs (main calls it only with an argument "twin"), so it has no counts.
// The "error" path never runs in either.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BODY                                                                   \
  unsigned long s = 0;                                                         \
  _Pragma("clang loop unroll(disable) vectorize(disable)")                    \
  for (unsigned long i = 0; i < 1000; i++) {                                   \
    if (__builtin_expect((i & 15) != 0, 0))                                    \
      s += *m * i + (s >> 7);                                                  \
    else                                                                       \
      s ^= *m << 3;                                                            \
    if (__builtin_expect(s == 12345, 0)) {                                     \
      fprintf(stderr, "error at %lu\n", i);                                    \
      abort();                                                                 \
    }                                                                          \
  }                                                                            \
  return s;

__attribute__((noinline)) unsigned long hot(volatile unsigned long *m) { BODY }

__attribute__((noinline)) unsigned long twin(volatile unsigned long *m) {
  BODY
}

int main(int argc, char **argv) {
  volatile unsigned long m = 3;
  unsigned long s = 0;
  if (argc > 1 && !strcmp(argv[1], "twin"))
    s = twin(&m);
  else
    for (unsigned long k = 0, n = argc > 1 ? strtoul(argv[1], 0, 10) : 1;
         k < n; k++)
      s += hot(&m);
  printf("%lu\n", s);
  return 0;
}
