/* For bench/common/callgrind_loops.py report --nops: padded(n) runs three nops
 * (nop, nopl, nopw: the forms alignment padding takes) on every iteration of
 * its loop; plain(n) runs the same loop without them. `callgrind-nops N`
 * calls both with n = N and prints the sum. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long padded(long n) {
  long s = 0;
  for (long i = 0; i < n; i++) {
    __asm__ volatile("nop\n\tnopl (%%rax)\n\tnopw 0(%%rax,%%rax)" ::: "memory");
    s += i ^ (s >> 3);
  }
  return s;
}

__attribute__((noinline)) long plain(long n) {
  long s = 0;
  for (long i = 0; i < n; i++) {
    __asm__ volatile("" ::: "memory");
    s += i ^ (s >> 3);
  }
  return s;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  printf("%ld\n", padded(n) + plain(n));
  return 0;
}
