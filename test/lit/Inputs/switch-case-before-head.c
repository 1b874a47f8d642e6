// switch-case-before-head N: N calls of run(), each executing 1000
// byte-coded ops through a switch. clang -O1 rotates the loop and lays case
// 2, three ops in four, out before its head, falling into it (with the
// plugin's hotalign-jt-base, which loads the table's address where it is
// read, llvm-bolt profiles the table's jumps). -DLEAVES: case 2 leaves the
// inner loop instead, to the enclosing loop's code laid out before its head,
// which enters it anew.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int run(const unsigned char *Ops, long N) {
  int Acc = 0;
#ifdef LEAVES
  long I = 0;
  while (I < N) {
    Acc += 100;
    for (; I < N; ++I) {
      switch (Ops[I]) {
      case 0:
        Acc *= 3;
        break;
      case 1:
        Acc += 1;
        break;
      case 2:
        ++I;
        goto Next;
      case 3:
        Acc -= 7;
        break;
      }
    }
  Next:;
  }
#else
  for (long I = 0; I < N; ++I) {
    switch (Ops[I]) {
    case 0:
      Acc *= 3;
      break;
    case 1:
      Acc += 1;
      break;
    case 2:
      Acc ^= 5;
      break;
    case 3:
      Acc -= 7;
      break;
    }
  }
#endif
  return Acc;
}

int main(int argc, char **argv) {
  static unsigned char Ops[1000];
  for (int I = 0; I < 1000; ++I)
    Ops[I] = I % 4 == 0 ? I % 8 / 4 : 2;
  int Calls = argc > 1 ? atoi(argv[1]) : 1, Acc = 0;
  for (int C = 0; C < Calls; ++C) {
    Ops[0] = C % 2; // A store between calls: no call is hoisted.
    Acc += run(Ops, 1000);
  }
  printf("%d\n", Acc);
  return 0;
}
