// Kernels for the hotalign offset sweep (bench/align/run.sh).
//
// One kernel per build, chosen with -DKERNEL_<NAME>; every build exports
//   uint64_t kernel(void *buf, long n, uint64_t v)
// which runs the kernel's tight loop n times over buf and returns a checksum.
//
// -DPAD=N (0..63) puts N bytes of never-executed code before the loop: a
// short jump over `.fill N` in the function's first block. That models "an
// unrelated change made the code before the loop N bytes longer" while the
// function itself keeps LLVM's 16-byte alignment; the loop's own placement is
// left to the build under test (stock -O2 16-byte loop alignment, no loop
// alignment, or hotalign's `.p2align 6, , K`).
//
// The loops are kept scalar and rolled so each is one small innermost loop:
// vectorised or unrolled loops are other loops with other sizes.
#include <stdint.h>

#ifndef PAD
#define PAD 0
#endif
#define STR2(x) #x
#define STR(x) STR2(x)
#define PAD_SLED() __asm__ volatile("jmp 1f\n\t.fill " STR(PAD) ", 1, 0x90\n1:" ::: "memory")
#define ROLLED _Pragma("clang loop vectorize(disable) interleave(disable) unroll(disable)")

#if defined(KERNEL_STORE8)
// Like arm64 __arch_clear_user: store 8 bytes, step the pointer, count down
// the bytes left, branch back. v is a run-time value so -O2 cannot turn the
// loop into memset.
uint64_t kernel(void *buf, long n, uint64_t v) {
  uint64_t *p = buf;
  long left = n * 8;
  PAD_SLED();
  ROLLED
  do {
    *p++ = v;
    left -= 8;
  } while (left > 0);
  return (uint64_t)p;
}
#elif defined(KERNEL_BYTESUM)
// Byte reduction: load a byte, add it, step, compare, branch.
uint64_t kernel(void *buf, long n, uint64_t v) {
  const unsigned char *p = buf;
  uint32_t s = (uint32_t)v;
  PAD_SLED();
  ROLLED
  for (long i = 0; i < n; i++)
    s += p[i];
  return s;
}
#elif defined(KERNEL_BRANCHY)
// Branchy: per byte a forward branch over a rarely-run block that stores
// (a conditional store cannot become a cmov), then the back edge: two
// branches, one taken, per iteration. The driver's data never take the
// store, so the branches are well predicted and what is measured is fetch.
uint64_t kernel(void *buf, long n, uint64_t v) {
  unsigned char *p = buf;
  uint64_t s = v;
  long zeros = 0;
  PAD_SLED();
  ROLLED
  for (long i = 0; i < n; i++) {
    unsigned c = p[i];
    s += c;
    if (c == 0) {
      zeros++;
      p[i] = 1;
    }
  }
  return s + (uint64_t)zeros;
}
#elif defined(KERNEL_MIX)
// A loop larger than one 64-byte line: a byte hash with several mixing steps.
uint64_t kernel(void *buf, long n, uint64_t v) {
  const unsigned char *p = buf;
  uint64_t h = v ^ 0xcbf29ce484222325ull, g = 0x9e3779b97f4a7c15ull;
  PAD_SLED();
  ROLLED
  for (long i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
    g += h ^ (uint64_t)i;
    g = (g << 13) | (g >> 51);
    h ^= h >> 29;
    h += g * 0x5851f42d4c957f2dull;
    g ^= (uint64_t)p[i] << 17;
    h ^= g >> 7;
    g += h * 0xbf58476d1ce4e5b9ull;
    h = (h << 31) | (h >> 33);
  }
  return h ^ g;
}
#else
#error "define one of KERNEL_STORE8, KERNEL_BYTESUM, KERNEL_BRANCHY, KERNEL_MIX"
#endif
