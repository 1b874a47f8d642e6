// A program whose hot loop moves with -DPAD=N: hot_loop() starts with a jump
// over N bytes of nops, so the code before the loop is N bytes longer while
// the function keeps LLVM's 16-byte alignment (an unrelated change moving a
// loop). Pick the loop with -DLOOP_STORE8 or -DLOOP_MIX.
#include <stdint.h>

#define STR2(x) #x
#define STR(x) STR2(x)
#define PAD_SLED() __asm__ volatile("jmp 1f\n\t.fill " STR(PAD) ", 1, 0x90\n1:" ::: "memory")
#define ROLLED _Pragma("clang loop vectorize(disable) interleave(disable) unroll(disable)")

#if defined(LOOP_STORE8)
// Like arm64 __arch_clear_user: store 8 bytes, step, count down, branch back.
// 21 bytes with clang -O2 on x86-64: LLVM's 16-byte loop alignment leaves it
// across a line when it lands 48 bytes into one.
__attribute__((noinline)) uint64_t hot_loop(uint64_t *p, long n, uint64_t v) {
  long left = n * 8;
  PAD_SLED();
  ROLLED
  do {
    *p++ = v;
    left -= 8;
  } while (left > 0);
  return (uint64_t)p;
}
#elif defined(LOOP_MIX)
// Larger than a line (~84 bytes): it needs 2 lines and touches 3 when it
// starts more than 128 - size bytes into one.
__attribute__((noinline)) uint64_t hot_loop(uint64_t *p, long n, uint64_t v) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = v ^ 0xcbf29ce484222325ull, g = 0x9e3779b97f4a7c15ull;
  PAD_SLED();
  ROLLED
  for (long i = 0; i < n; i++) {
    h ^= b[i];
    h *= 0x100000001b3ull;
    g += h ^ (uint64_t)i;
    g = (g << 13) | (g >> 51);
    h ^= h >> 29;
    h += g * 0x5851f42d4c957f2dull;
    g ^= (uint64_t)b[i] << 17;
    h ^= g >> 7;
    g += h * 0xbf58476d1ce4e5b9ull;
    h = (h << 31) | (h >> 33);
  }
  return h ^ g;
}
#else
#error "define LOOP_STORE8 or LOOP_MIX"
#endif

int main(int argc, char **argv) {
  static uint64_t buf[64];
  (void)argv;
  return (int)(hot_loop(buf, argc, (uint64_t)argc) & 0);
}
