// `app [ROUNDS]` (default 100): runs both kernels ROUNDS times over the same
// data and prints one checksum each; the output depends only on ROUNDS.
#include "kernels.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 4096 };
static unsigned Words[N];
static unsigned char Bytes[N];

int main(int argc, char **argv) {
  unsigned Rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 100;
  unsigned Seed = 2463534242u, Sum = 0, Odd = 0;
  for (unsigned I = 0; I < N; ++I) {
    Seed ^= Seed << 13;
    Seed ^= Seed >> 17;
    Seed ^= Seed << 5;
    Words[I] = Seed;
    Bytes[I] = (unsigned char)(Seed >> 7);
  }
  for (unsigned R = 0; R < Rounds; ++R) {
    Sum += sum_bytes(Bytes, N);
    Odd += count_odd(Words, N);
  }
  printf("sum_bytes %u\ncount_odd %u\n", Sum, Odd);
  return 0;
}
