// switch-case-before-head N: N calls of run() (switch-case-before-head.S), each
// executing 1000 byte-coded ops through a jump table. Case 2, three ops in
// four, is the one laid out before the loop's head (or, -DLEAVES, the one that
// leaves the loop).
#include <stdio.h>
#include <stdlib.h>

int run(const unsigned char *Ops, long N);

int main(int argc, char **argv) {
  static unsigned char Ops[1000];
  for (int I = 0; I < 1000; ++I)
    Ops[I] = I % 4 == 0 ? I % 8 / 4 : 2;
  int Calls = argc > 1 ? atoi(argv[1]) : 1, Acc = 0;
  for (int C = 0; C < Calls; ++C)
    Acc += run(Ops, 1000);
  printf("%d\n", Acc);
  return 0;
}
