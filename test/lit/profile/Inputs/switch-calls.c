// Two byte-code loops that dispatch through a switch's jump table, built PIE
// without the plugin: llvm-bolt can instrument neither (Machine LICM hoists
// the table's address out of the loop). run calls step (case 6) and nothing
// else does; run also calls fold (case 5), a plain loop BOLT instruments,
// which main calls too. `switch-calls N` runs N rounds (none for 0: run is
// not called) and prints its accumulators and how often step ran.
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned char Program[] = {0, 1, 2, 3, 4, 5, 6, 7, 2, 3, 0, 5};
static volatile unsigned char Inner[] = {3, 1, 0, 2, 1, 3, 2, 0};
unsigned long Acc[8], Sub[4], StepCalls;

__attribute__((noinline)) unsigned long fold(unsigned long X) {
  for (int I = 0; I < 4; ++I)
    X = X * 31 + (X >> 3);
  return X;
}

__attribute__((noinline)) void step(int R) {
  ++StepCalls;
  for (int K = 0; K < 2; ++K)
    for (unsigned I = 0; I < sizeof(Inner); ++I) {
      switch (Inner[I]) {
      case 0: Sub[0] += R; break;
      case 1: Sub[1] ^= Sub[0] << 2; break;
      case 2: Sub[2] = Sub[2] * 5 + I; break;
      case 3: Sub[3] -= Sub[1]; break;
      case 4: Sub[0] ^= K; break;
      default: Sub[3] += 7; break;
      }
    }
}

__attribute__((noinline)) void run(int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    for (unsigned I = 0; I < sizeof(Program); ++I) {
      switch (Program[I]) {
      case 0: Acc[0] += I; break;
      case 1: Acc[1] ^= Acc[0] << 1; break;
      case 2: Acc[2] = Acc[2] * 3 + 1; break;
      case 3: Acc[3] -= Acc[2]; break;
      case 4: Acc[4] += Acc[3] >> 2; break;
      case 5: Acc[5] = fold(Acc[5] + Acc[1]); break;
      case 6: step(R); break;
      default: Acc[7]++; break;
      }
    }
}

int main(int argc, char **argv) {
  Acc[5] = fold(argc);
  int Rounds = argc > 1 ? atoi(argv[1]) : 1000;
  if (Rounds > 0)
    run(Rounds);
  for (int K = 0; K < 8; ++K)
    printf("%lu\n", Acc[K]);
  for (int K = 0; K < 4; ++K)
    printf("%lu\n", Sub[K]);
  printf("step calls: %lu\n", StepCalls);
  return 0;
}
