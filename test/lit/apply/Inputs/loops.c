// `loops N` runs the hot loops of loops.s N times and prints what they
// return; -DTWOLOOPS adds twoloops, -DTIGHT adds tight, -DPADDED adds
// paddedloops, -DSHORTENED shortened, -DTAILCALL overpadding, -DJUMPNEXT
// jumpnext, -DJUMPOVER jumpover, -DDATAINCODE or
// -DDATAOUTSIDE tabled, -DROTATED rotated (see loops.S).
#include <stdio.h>
#include <stdlib.h>

unsigned long straddler(unsigned long), cold_straddler(unsigned long),
    twoloops(unsigned long), tight(unsigned long), paddedloops(unsigned long),
    shortened(unsigned long), overpadding(unsigned long),
    jumpnext(unsigned long), jumpover(unsigned long), tabled(unsigned long),
    rotated(unsigned long);

int main(int argc, char **argv) {
  unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000;
  unsigned long r = straddler(n);
  // n = 1: its loop body runs once per call, it never iterates.
  r ^= cold_straddler(1);
#ifdef TWOLOOPS
  r ^= twoloops(n);
#endif
#ifdef TIGHT
  r ^= tight(n);
#endif
#ifdef PADDED
  r ^= paddedloops(n);
#endif
#ifdef SHORTENED
  r ^= shortened(n);
#endif
#ifdef JUMPNEXT
  r ^= jumpnext(n);
#endif
#ifdef JUMPOVER
  // n = 0 takes the jump the branch goes over.
  r ^= jumpover(n) + jumpover(0);
#endif
#if defined DATAINCODE || defined DATAOUTSIDE
  // Called often (hot by its count alone: llvm-bolt cannot count its loop).
  for (unsigned long i = 0; i < 1000; ++i)
    r ^= tabled(n / 1000 + 2);
#endif
#ifdef ROTATED
  r ^= rotated(n);
#endif
#ifdef TAILCALL
  // n = 0 takes its conditional tail call.
  r ^= overpadding(n) + overpadding(0);
#endif
  printf("%lu\n", r);
  return 0;
}
