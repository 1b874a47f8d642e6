// `prog N` runs four hot loops (hot_a..hot_d, each called from main in a
// loop) and prints their results; cold_* run once. With -ffunction-sections
// every function is its own .text.NAME section, so
// -Wl,--shuffle-sections='.text.*=SEED' links them in a different order.
// -DGROW adds a few instructions to hot_b (growth within the 12% slack);
// -DGROW_BIG adds many (past its reservation).
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

NOINLINE unsigned hot_a(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i)
    s = s * 31 + i;
  return s;
}

NOINLINE unsigned hot_b(unsigned n) {
  unsigned s = 1;
  for (unsigned i = 0; i < n; ++i)
    s ^= s << 3 | i;
#ifdef GROW
  s += n * 5;
#endif
#ifdef GROW_BIG
  for (unsigned i = 0; i < n; ++i)
    s = (s ^ (s >> 7)) * 2654435761u + i;
  for (unsigned i = 0; i < n; ++i)
    s = (s + (s << 9)) ^ (i * 40503u);
  for (unsigned i = 0; i < n; ++i)
    s = (s - (s >> 11)) * 97u + i;
#endif
  return s;
}

NOINLINE unsigned hot_c(unsigned n) {
  unsigned s = 7;
  for (unsigned i = 1; i <= n; ++i)
    s += (s % i) ^ (i * 13u);
  return s;
}

NOINLINE unsigned hot_d(unsigned n) {
  unsigned s = 3;
  for (unsigned i = 0; i < n; ++i)
    s = (s >> 1) + (i & 5u) * 9u;
  return s;
}

NOINLINE unsigned cold_x(unsigned n) { return n * 7 + 3; }
NOINLINE unsigned cold_y(unsigned n) { return n ^ 0x5a5a; }
NOINLINE unsigned cold_z(unsigned n) { return (n << 2) - 1; }

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 100;
  unsigned a = 0, b = 0, c = 0, d = 0;
  for (unsigned r = 0; r < 20; ++r) {
    a += hot_a(n + r);
    b += hot_b(n + r);
    c += hot_c(n + r);
    d += hot_d(n + r);
  }
  printf("a %u b %u c %u d %u x %u y %u z %u\n", a, b, c, d, cold_x(n),
         cold_y(n), cold_z(n));
  return 0;
}
