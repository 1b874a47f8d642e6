/* jit.c - a tiny JIT in the shape of RandomX's, for flushelim's demo.
 *
 * Each run_* function is one JIT: it maps a buffer, emits x86-64 code into it
 * (mov eax, imm32; add eax, imm32; ...; ret), makes it executable and calls
 * it. Like a real JIT it flushes the instruction cache for what it wrote,
 * with __clear_cache: the libgcc / compiler-rt routine that
 * __builtin___clear_cache calls on AArch64 (on x86-64 the builtin compiles to
 * nothing; calling the routine keeps every flush a call, which demo.sh counts
 * by linking with -Wl,--wrap=__clear_cache). The cases:
 *
 *   run_redundant  writer flushes [begin, end); enable_execution flips the
 *                  pages to RX and flushes [begin, end) again. Nothing wrote
 *                  the bytes in between (mprotect does not): flushelim
 *                  removes the second flush.
 *   run_patched    the same, but an immediate is patched after the writer's
 *                  flush: the second flush must stay.
 *   run_partial    RandomX's shape: write_prologue (out of line) flushes the
 *                  prologue [0, 16), the writer the program [16, end), and
 *                  enable_execution the whole 4 KiB buffer. The prologue's
 *                  flush is known through write_prologue's summary and the
 *                  program's directly: flushelim narrows the whole-buffer
 *                  flush to the rest, [end, 4096) (a run-time test keeps the
 *                  whole flush when too little was covered).
 *   run_partial_patched  the same, but a patch lands in the program after
 *                  its flush: the whole-buffer flush must stay whole.
 *
 * Each JIT is its own noinline function so each remark names its own case.
 * Prints a checksum of what the generated code returned; exits 0.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

/* The RandomX-shaped cases write a 1 KiB program (5 + 5 * 200 + 1 bytes)
 * into the 4 KiB buffer, behind a 16-byte prologue. */
enum { CodeSize = 4096, PrologueSize = 16, ProgramOps = 200 };

/* libgcc's / compiler-rt's: flushes the instruction cache for [begin, end). */
void __clear_cache(void *begin, void *end);

static uint8_t *map_buffer(void) {
  void *p = mmap(NULL, CodeSize, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : (uint8_t *)p;
}

static size_t emit_op(uint8_t *code, size_t pos, uint8_t opcode, uint32_t imm) {
  code[pos++] = opcode;
  memcpy(code + pos, &imm, sizeof imm);
  return pos + sizeof imm;
}

/* The writer: emits "eax = seed; eax += i*seed ...; ret" at code+begin and
 * flushes exactly the bytes it wrote. Returns the end position. */
static size_t generate_program(uint8_t *code, size_t begin, uint32_t seed,
                               int ops) {
  size_t pos = emit_op(code, begin, 0xB8 /* mov eax, imm32 */, seed);
  for (int i = 1; i <= ops; ++i)
    pos = emit_op(code, pos, 0x05 /* add eax, imm32 */, seed * (uint32_t)i);
  code[pos++] = 0xC3; /* ret */
  __clear_cache((char *)code + begin, (char *)code + pos);
  return pos;
}

/* The make-executable step: W^X flip, then flush [begin, end) again. */
static int enable_execution(uint8_t *code, size_t begin, size_t end) {
  if (mprotect(code, CodeSize, PROT_READ | PROT_EXEC) != 0)
    return -1;
  __clear_cache((char *)code + begin, (char *)code + end);
  return 0;
}

static uint32_t call_generated(const uint8_t *entry) {
#if defined(__x86_64__)
  uint32_t (*fn)(void);
  memcpy(&fn, &entry, sizeof fn);
  return fn();
#else
  (void)entry; /* The bytes are x86-64; elsewhere only the flushes matter. */
  return 0;
#endif
}

/* Redundant: nothing writes the buffer between the two flushes. */
__attribute__((noinline)) static uint32_t run_redundant(uint32_t seed) {
  uint8_t *code = map_buffer();
  if (!code)
    return 0;
  size_t end = generate_program(code, 0, seed, 8);
  uint32_t r = enable_execution(code, 0, end) == 0 ? call_generated(code) : 0;
  munmap(code, CodeSize);
  return r;
}

/* Needed: the patch rewrites bytes the first flush covered. */
__attribute__((noinline)) static uint32_t run_patched(uint32_t seed) {
  uint8_t *code = map_buffer();
  if (!code)
    return 0;
  size_t end = generate_program(code, 0, seed, 8);
  uint32_t patched = seed ^ 0x5a5a5a5au;
  memcpy(code + 1, &patched, sizeof patched); /* the mov's immediate */
  uint32_t r = enable_execution(code, 0, end) == 0 ? call_generated(code) : 0;
  munmap(code, CodeSize);
  return r;
}

/* Written once per buffer, flushed with it; kept out of line like RandomX's
 * constructor so the pass sees only the program flush before the whole-buffer
 * one. */
__attribute__((noinline)) static void write_prologue(uint8_t *code) {
  memset(code, 0x90 /* nop */, PrologueSize);
  __clear_cache((char *)code, (char *)code + PrologueSize);
}

/* RandomX's shape: program flush [PrologueSize, end), then a flush of the
 * whole buffer after mprotect. Only part of it is proven clean. */
__attribute__((noinline)) static uint32_t run_partial(uint32_t seed) {
  uint8_t *code = map_buffer();
  if (!code)
    return 0;
  write_prologue(code);
  size_t end = generate_program(code, PrologueSize, seed, ProgramOps);
  uint32_t r = enable_execution(code, 0, CodeSize) == 0
                   ? call_generated(code) /* nops slide into the program */
                   : 0;
  munmap(code, CodeSize);
  return r + (uint32_t)end;
}

/* Needed: the patch rewrites bytes the program's flush covered. */
__attribute__((noinline)) static uint32_t run_partial_patched(uint32_t seed) {
  uint8_t *code = map_buffer();
  if (!code)
    return 0;
  write_prologue(code);
  size_t end = generate_program(code, PrologueSize, seed, ProgramOps);
  uint32_t patched = seed ^ 0x5a5a5a5au;
  memcpy(code + PrologueSize + 1, &patched, sizeof patched);
  uint32_t r =
      enable_execution(code, 0, CodeSize) == 0 ? call_generated(code) : 0;
  munmap(code, CodeSize);
  return r + (uint32_t)end;
}

int main(void) {
  uint32_t sum = 0;
  for (uint32_t seed = 1; seed <= 16; ++seed)
    sum = sum * 31u + run_redundant(seed) + run_patched(seed) +
          run_partial(seed) + run_partial_patched(seed);
  printf("jit-flush checksum: %08x\n", sum);
  return 0;
}
