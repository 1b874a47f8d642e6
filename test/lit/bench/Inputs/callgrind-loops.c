/* Loops at known places for bench/common/callgrind_loops.py (x86-64, inline asm).
 * PAD: bytes between a 64-byte line start and tight()'s loop (a 20-byte loop: 56
 *      puts it across a line). Default 0.
 * MASK: sparse()'s 70-byte block inside its loop runs when (n & MASK) == 0: 255 makes
 *      it cold (3 of 1000 iterations), 0 runs it every iteration. Default 255.
 * GAP: bytes from two()'s first 40-byte loop (at a line start) to its second: 96 puts
 *      the second 32 bytes into a line, so no start shift of two() puts both loops on
 *      one line each; 64 puts both at line starts. Default 96.
 * Runs tight(1000) and sparse(1000) 3 times each (2997 back-edges taken each), two(1000)
 * once (999 per loop), minor(10) once (9 taken: under 1% of all), once(2) 3 times (1
 * iteration per entry: not iterating). Prints the sum of the loops' results. */
#include <stdio.h>
#ifndef PAD
#define PAD 0
#endif
#ifndef MASK
#define MASK 255
#endif
#ifndef GAP
#define GAP 96
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

/* add 3 + 12 nops + dec 3 + jnz 2 = 20 bytes. */
__attribute__((noinline)) long tight(long n) {
  long r;
  __asm__ volatile("xor %%eax, %%eax\n\t"
                   ".p2align 6\n\t"
                   ".skip " STR(PAD) ", 0x90\n"
                   "1:\n\t"
                   "add %%rdi, %%rax\n\t"
                   ".skip 12, 0x90\n\t"
                   "dec %%rdi\n\t"
                   "jnz 1b\n\t"
                   : "=&a"(r), "+D"(n)
                   :
                   : "cc");
  return r;
}

/* Starts 50 bytes into a line: add 3 + test 4 + jnz 2 (hot), 70 nops (the block
 * MASK selects), dec 3 + jnz 2 (hot): an 84-byte span over lines 0-2; the hot
 * bytes alone touch lines 0 and 2. */
__attribute__((noinline)) long sparse(long n) {
  long r;
  __asm__ volatile("xor %%eax, %%eax\n\t"
                   ".p2align 6\n\t"
                   ".skip 50, 0x90\n"
                   "1:\n\t"
                   "add %%rdi, %%rax\n\t"
                   "test $" STR(MASK) ", %%dil\n\t"
                   "jnz 2f\n\t"
                   ".skip 70, 0x90\n"
                   "2:\n\t"
                   "dec %%rdi\n\t"
                   "jnz 1b\n\t"
                   : "=&a"(r), "+D"(n)
                   :
                   : "cc");
  return r;
}

/* Two loops of add 3 + 32 nops + dec 3 + jnz 2 = 40 bytes, GAP bytes apart (the mov
 * between them is 3 bytes). */
__attribute__((noinline)) long two(long n) {
  long r;
  __asm__ volatile("xor %%eax, %%eax\n\t"
                   "mov %%rdi, %%rcx\n\t"
                   ".p2align 6\n"
                   "1:\n\t"
                   "add %%rcx, %%rax\n\t"
                   ".skip 32, 0x90\n\t"
                   "dec %%rcx\n\t"
                   "jnz 1b\n\t"
                   "mov %%rdi, %%rcx\n\t"
                   ".skip " STR(GAP) " - 43, 0x90\n"
                   "2:\n\t"
                   "add %%rcx, %%rax\n\t"
                   ".skip 32, 0x90\n\t"
                   "dec %%rcx\n\t"
                   "jnz 2b\n\t"
                   : "=&a"(r)
                   : "D"(n)
                   : "rcx", "cc");
  return r;
}

/* A plain loop: dec 3 + jnz 2. */
#define COUNTDOWN(name)                                                        \
  __attribute__((noinline)) long name(long n) {                               \
    __asm__ volatile(".p2align 6\n"                                           \
                     "1:\n\t"                                                 \
                     "dec %%rdi\n\t"                                          \
                     "jnz 1b\n\t"                                             \
                     : "+D"(n)                                                \
                     :                                                        \
                     : "cc");                                                 \
    return n;                                                                 \
  }
COUNTDOWN(minor)
COUNTDOWN(once)

int main(void) {
  long s = tight(1000) + tight(1000) + tight(1000);
  s += sparse(1000) + sparse(1000) + sparse(1000);
  s += two(1000) + minor(10) + once(2) + once(2) + once(2);
  printf("%ld\n", s);
  return 0;
}
