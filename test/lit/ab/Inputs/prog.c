// `prog N [STATUS]` prints alpha(N) and beta(N) and exits with STATUS
// (default 0). -DPRINT_ADDRESS also prints where alpha is, which changes
// with the layout (a program whose output a layout changes).
// -DFAIL_WITH_PAD exits 5 when HOTLAYOUT_AB_PAD is not empty, as it is in
// every layout variant (a variant that breaks).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) unsigned alpha(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i)
    s = s * 31 + i;
  return s;
}

__attribute__((noinline)) unsigned beta(unsigned n) {
  unsigned s = 1;
  for (unsigned i = 0; i < n; ++i)
    s ^= s << 3 | i;
  return s;
}

int main(int argc, char **argv) {
  unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;
  printf("alpha %u beta %u\n", alpha(n), beta(n));
#ifdef FAIL_WITH_PAD
  const char *pad = getenv("HOTLAYOUT_AB_PAD");
  if (pad && strlen(pad) > 0)
    return 5;
#endif
#ifdef PRINT_ADDRESS
  printf("alpha at %p\n", (void *)&alpha);
#endif
  return argc > 2 ? atoi(argv[2]) : 0;
}
