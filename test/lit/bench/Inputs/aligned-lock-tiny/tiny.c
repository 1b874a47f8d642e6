/* A tiny program with hot loops for the bench/aligned-lock smoke test: a CRC-32 over a
 * buffer, an insertion sort and a byte histogram, each in its own function. Prints a
 * checksum that depends only on N (argv[1]). */
#include <stdio.h>
#include <stdlib.h>

static unsigned table[256];

__attribute__((noinline)) static void make_table(void) {
  for (unsigned i = 0; i < 256; i++) {
    unsigned c = i;
    for (int k = 0; k < 8; k++)
      c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
}

__attribute__((noinline)) static unsigned crc(const unsigned char *p, long n) {
  unsigned c = ~0u;
  while (n-- > 0)
    c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
  return ~c;
}

__attribute__((noinline)) static void sort(int *a, long n) {
  for (long i = 1; i < n; i++) {
    int v = a[i];
    long j = i;
    while (j > 0 && a[j - 1] > v) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = v;
  }
}

__attribute__((noinline)) static long histogram(const unsigned char *p, long n) {
  long h[256] = {0}, best = 0;
  for (long i = 0; i < n; i++)
    h[p[i]]++;
  for (int i = 0; i < 256; i++)
    best = h[i] > h[best] ? i : best;
  return best;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  int *a = malloc(n * sizeof *a);
  unsigned x = 12345;
  for (long i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    a[i] = (int)(x >> 8);
  }
  make_table();
  sort(a, n);
  unsigned c = 0;
  for (int r = 0; r < 20; r++)
    c = c * 31 + crc((const unsigned char *)a, n * (long)sizeof *a);
  printf("%u %d %ld\n", c, a[n / 2], histogram((const unsigned char *)a, n * (long)sizeof *a));
  free(a);
  return 0;
}
