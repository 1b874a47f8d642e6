// `hot N [STATUS]`: runs the loop in hot() N times (its back edge is taken
// N-1 times) and exits with STATUS (default 0).
#include <stdlib.h>

__attribute__((noinline)) unsigned hot(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i)
    s = s * 31 + i;
  return s;
}

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
  volatile unsigned sink = hot(n);
  (void)sink;
  return argc > 2 ? atoi(argv[2]) : 0;
}
