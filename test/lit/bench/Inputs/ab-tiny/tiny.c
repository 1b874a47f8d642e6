// The smoke tests' program for bench/ab/run.sh (pairs.sh beside this file):
// `tiny N` prints two sums over N; -DSPIN=K plants K volatile increments at
// mix's entry (the slow twin, same output); -DSHARED builds mix and sum alone,
// a library for LD_PRELOAD (tinyso), and -DMAIN_ONLY main alone, linked against
// that library.
#include <stdio.h>
#include <stdlib.h>

#ifdef MAIN_ONLY
unsigned mix(unsigned);
unsigned sum(unsigned);
#else

__attribute__((noinline)) unsigned mix(unsigned x) {
#ifdef SPIN
  static volatile unsigned spin;
  for (int i = 0; i < SPIN; i++)
    spin++;
#endif
  return x * 2654435761u ^ x >> 7;
}

__attribute__((noinline)) unsigned sum(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i)
    s += mix(i);
  return s;
}
#endif

#ifndef SHARED
int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
  printf("sum %u mix %u\n", sum(n), mix(n));
  return 0;
}
#endif
