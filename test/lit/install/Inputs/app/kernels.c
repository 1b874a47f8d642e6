// Two tight loops that the training run makes hot: hotalign aligns them in
// the final build, and `hotlayout check` finds them in the binary.
#include "kernels.h"

unsigned sum_bytes(const unsigned char *P, unsigned N) {
  unsigned S = 0;
  for (unsigned I = 0; I < N; ++I)
    S = S * 31 + P[I];
  return S;
}

unsigned count_odd(const unsigned *P, unsigned N) {
  unsigned C = 0;
  for (unsigned I = 0; I < N; ++I)
    if (P[I] & 1)
      ++C;
  return C;
}
