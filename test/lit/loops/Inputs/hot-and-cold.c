// `hot-and-cold N`: hot() runs its loop 1000 times per call and is called N
// times (999 back edges and 1 entry of the loop per call); cold() runs its
// loop 3 times, once (2 back edges, 1 entry). -DASMLOOP: also asmloop
// (asm-loop.S) of 1000 N iterations.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned long hot(volatile unsigned long *m) {
  unsigned long s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (unsigned long i = 0; i < 1000; i++)
    s += *m * i + (s >> 7);
  return s;
}

__attribute__((noinline)) unsigned long cold(volatile unsigned long *m) {
  unsigned long s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (unsigned long i = 0; i < 3; i++)
    s += *m * i + (s >> 3);
  return s;
}

#ifdef ASMLOOP
unsigned long asmloop(unsigned long);
#endif

int main(int argc, char **argv) {
  volatile unsigned long m = 3;
  unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1, s = cold(&m);
  for (unsigned long k = 0; k < n; k++)
    s += hot(&m);
#ifdef ASMLOOP
  s += asmloop(n * 1000);
#endif
  printf("%lu\n", s);
  return 0;
}
