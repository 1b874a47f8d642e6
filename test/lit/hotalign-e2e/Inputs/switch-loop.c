// A byte-code loop dispatching through a switch (a jump table), for
// switch-table-instrumented-with-plugin.test: Machine LICM hoists the
// table's address out of the loop. `switch-loop N` runs N rounds over a
// fixed program and prints its accumulators.
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned char Program[] = {0, 1, 2, 3, 4, 5, 6, 7, 2, 3, 0, 5};
unsigned long Acc[8];

__attribute__((noinline)) void run(int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    for (unsigned I = 0; I < sizeof(Program); ++I) {
      switch (Program[I]) {
      case 0: Acc[0] += I; break;
      case 1: Acc[1] ^= Acc[0] << 1; break;
      case 2: Acc[2] = Acc[2] * 3 + 1; break;
      case 3: Acc[3] -= Acc[2]; break;
      case 4: Acc[4] += Acc[3] >> 2; break;
      case 5: Acc[5] |= Acc[1]; break;
      case 6: Acc[6] += R; break;
      default: Acc[7]++; break;
      }
    }
}

int main(int argc, char **argv) {
  run(argc > 1 ? atoi(argv[1]) : 1000);
  for (int K = 0; K < 8; ++K)
    printf("%lu\n", Acc[K]);
  return 0;
}
