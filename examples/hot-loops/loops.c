// examples/hot-loops/loops.c - a small program whose time goes into a few
// tight loops in separate functions: the shape hotalign and the layout lock
// are for (a loop that straddles a 64-byte line is fetched from two lines on
// every iteration; BOLT re-emits the code and may move it across one).
//
// `loops [ROUNDS]` (default 200) runs each kernel ROUNDS times over the same
// pseudo-random data and prints one checksum per kernel: the output depends
// only on ROUNDS, never on where the code sits, so a rewritten binary must
// print exactly what the input printed.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
enum { N = 4096 };

static uint32_t Data[N];
static uint8_t Bytes[N];

// xorshift32: the data is the same on every run and every machine.
static void fill(uint32_t Seed) {
  for (unsigned I = 0; I < N; ++I) {
    Seed ^= Seed << 13;
    Seed ^= Seed >> 17;
    Seed ^= Seed << 5;
    Data[I] = Seed;
    Bytes[I] = (uint8_t)(Seed >> 11);
  }
}

// FNV-1a over the bytes: a byte loop with a multiply chain.
NOINLINE uint32_t hash_bytes(const uint8_t *P, unsigned Len) {
  uint32_t H = 2166136261u;
  for (unsigned I = 0; I < Len; ++I)
    H = (H ^ P[I]) * 16777619u;
  return H;
}

// Counts the words whose low byte is under a limit: a compare-and-branch loop.
NOINLINE unsigned count_below(const uint32_t *P, unsigned Len, uint32_t Lim) {
  unsigned C = 0;
  for (unsigned I = 0; I < Len; ++I)
    if ((P[I] & 0xff) < Lim)
      ++C;
  return C;
}

// Collatz-style step counts of small numbers: a loop with a data-dependent
// exit, nested in a loop over the numbers.
NOINLINE unsigned steps(unsigned From, unsigned To) {
  unsigned Total = 0;
  for (unsigned X = From; X < To; ++X) {
    uint32_t V = X;
    while (V != 1) {
      V = (V & 1) ? 3 * V + 1 : V >> 1;
      ++Total;
    }
  }
  return Total;
}

// A running maximum of prefix sums: a loop with two dependent updates.
NOINLINE int64_t best_prefix(const uint32_t *P, unsigned Len) {
  int64_t Sum = 0, Best = 0;
  for (unsigned I = 0; I < Len; ++I) {
    Sum += (int32_t)(P[I] >> 16) - 32768;
    if (Sum > Best)
      Best = Sum;
  }
  return Best;
}

// Runs once: cold code next to the hot functions.
NOINLINE void usage(const char *Argv0) {
  fprintf(stderr, "usage: %s [ROUNDS]   (ROUNDS >= 1, default 200)\n", Argv0);
}

int main(int argc, char **argv) {
  long Rounds = 200;
  if (argc > 2 || (argc == 2 && (Rounds = strtol(argv[1], NULL, 10)) < 1)) {
    usage(argv[0]);
    return 2;
  }
  fill(2463534242u);
  uint32_t H = 0;
  unsigned Below = 0, Steps = 0;
  int64_t Best = 0;
  for (long R = 0; R < Rounds; ++R) {
    H = H * 31 + hash_bytes(Bytes + (R & 15), N - 16);
    Below += count_below(Data, N, 64 + (unsigned)(R & 63));
    Steps += steps(1 + (unsigned)(R & 7), 200);
    Best += best_prefix(Data + (R & 255), N - 256);
  }
  printf("hash_bytes  %08x\n", H);
  printf("count_below %u\n", Below);
  printf("steps       %u\n", Steps);
  printf("best_prefix %lld\n", (long long)Best);
  return 0;
}
