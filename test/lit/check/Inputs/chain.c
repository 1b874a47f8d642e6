// `chain N` prints chain(N, 50) (Inputs/chain.S).
#include <stdio.h>
#include <stdlib.h>
unsigned long chain(unsigned long n, unsigned long m);
int main(int argc, char **argv) {
  unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000;
  printf("%lu\n", chain(n, 50));
  return 0;
}
