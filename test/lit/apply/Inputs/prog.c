// `prog N` prints alpha(N), beta(N) and gamma_(N). -DBIG makes alpha larger
// than one 64-byte line; -DNO_GAMMA drops gamma_.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned alpha(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i)
    s = s * 31 + i;
#ifdef BIG
  for (unsigned i = 0; i < n; ++i)
    s = (s ^ (s >> 7)) * 2654435761u + i;
  for (unsigned i = 0; i < n; ++i)
    s = (s + (s << 9)) ^ (i * 40503u);
#endif
  return s;
}

__attribute__((noinline)) unsigned beta(unsigned n) {
  unsigned s = 1;
  for (unsigned i = 0; i < n; ++i)
    s ^= s << 3 | i;
  return s;
}

#ifndef NO_GAMMA
__attribute__((noinline)) unsigned gamma_(unsigned n) { return n * 7 + 3; }
#else
static unsigned gamma_(unsigned n) { return n * 7 + 3; }
#endif

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
  printf("alpha %u beta %u gamma %u\n", alpha(n), beta(n), gamma_(n));
  return 0;
}
