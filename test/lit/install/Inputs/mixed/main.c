/* A program of four source kinds, as real builds hand them to clang: C
   (this file, kernels.c), C++ (words.cc), preprocessed assembly (mix.S) and
   plain assembly (ret.s). It prints a checksum of each part. */
#include <stdio.h>
#include <stdlib.h>

unsigned long sum_squares(const unsigned *v, unsigned n);
unsigned count_words(const char *text, unsigned repeat);
unsigned long asm_mix(unsigned long x);
unsigned long asm_seven(void);

int main(int argc, char **argv) {
  unsigned rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 200;
  static unsigned v[4096];
  for (unsigned i = 0; i < 4096; ++i)
    v[i] = i * 2654435761u;
  unsigned long s = 0, m = 0;
  unsigned w = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    s += sum_squares(v, 4096);
    w += count_words("the quick brown fox jumps over the lazy dog ", 8);
    m = asm_mix(m + r);
  }
  printf("c %lu\ncc %u\nS %lu\ns %lu\n", s, w, m, asm_seven());
  return 0;
}
