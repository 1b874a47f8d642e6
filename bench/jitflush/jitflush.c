/* jitflush.c - a JIT-shaped x86-64 program that flushes what it writes with
 * clflush loops, twice, for flushelim's bench (bench/jitflush/run.sh).
 *
 *   jitflush SHAPE SIZE PASSES
 *
 * Maps a SIZE-byte code buffer and compiles into it PASSES times (after one
 * untimed warm-up pass), each time with new constants, then runs what it
 * compiled. Both shapes are RandomX's double flush with x86 line flushes: a
 * writer flushes the bytes it wrote (a _mm_clflush loop over 64-byte lines),
 * then a later step flushes a range again. (x86 keeps instruction fetch
 * coherent with stores, so an x86 JIT needs no flush for its code; clflush
 * stands in for the flushes a JIT needs elsewhere, and is what a writer that
 * must push its bytes to memory, for a device or persistent memory, runs.)
 *
 *   stubs    A stub cache (inline-cache stubs, trampolines, jump-table
 *            slots): SIZE / 128 fixed-size slots. emit_stub() writes a stub
 *            of 6 to 99 bytes, pads the slot with int3 to its end, and
 *            flushes the slot; publish_stub() flushes the slot again before
 *            it stores the stub's entry in the dispatch table. Nothing
 *            touches the slot in between: flushelim removes the second flush
 *            (2 of the 4 clflush per slot). After every slot is rewritten the
 *            buffer is made executable (mprotect) and 16 stubs run.
 *   program  RandomX's own shape: a prologue written and flushed once at
 *            start-up, a program compiled behind it into [64, end) and
 *            flushed by the writer; make_executable() then flips the buffer
 *            to RX and flushes the whole buffer. The program then runs. The
 *            second loop re-flushes lines the first one flushed, but
 *            flushelim decides per flush call: each loop is one clflush call
 *            whose address changes every iteration, and nothing relates the
 *            lines of one loop to those of the other. Both loops stay (with
 *            no remark), and -flushelim-batch-clflush turns both into
 *            clflushopt + sfence.
 *
 * Built with -DJITFLUSH_LINK_STUBS, publish_stub() first links each stub
 * (patches a jmp rel32 into the last 5 bytes of the slot, as a JIT chains a
 * block to its successor): the re-flush of the slot's second line is then
 * needed and must stay; that of the first line still goes (the lit test's
 * negative twin). The jmp is never reached, so the output is the same.
 *
 * stdout: one line, "jitflush SHAPE SIZE PASSES checksum XXXXXXXX": a hash of
 * what the generated code returned, the same for every build and every run.
 * The program also computes each result from a C model of the code it
 * emitted and aborts if the generated code disagrees (stale code ran).
 * stderr: "jitflush: ns_per_kib=T", the timed passes' wall time
 * (CLOCK_MONOTONIC) per KiB of buffer compiled: interleave.py's --metric.
 */
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { Line = 64, SlotSize = 128, StubOps = 16, StubRuns = 16, PrologueSize = 64,
       WarmupPasses = 1 };

typedef uint32_t (*code_fn)(uint32_t);

#if defined(JITFLUSH_CLEAR_CACHE)
/* The AArch64 form (bench/jitflush/run.sh a64): the instruction-cache flush
 * a JIT there calls for [p, p + len), libgcc's / compiler-rt's __clear_cache
 * (what __builtin___clear_cache calls on AArch64). */
void __clear_cache(void *begin, void *end);
#define FLUSH_LINES(p, len)                                                    \
  __clear_cache((char *)(p), (char *)(p) + (len))
#else
/* The line flush every writer here uses, as a JIT's (or PMDK's) x86 path
 * writes it: one clflush per 64-byte line of [p, p + len). A macro, so that
 * flushelim's remarks name the line of each use, not this one. The loop's
 * form (issue 22: flushelim once saw only the first as a range):
 * JITFLUSH_LOOP=0 (default) a size_t offset, 1 a long, 2 an int, 3 a
 * pointer bounded by the end pointer. */
#ifndef JITFLUSH_LOOP
#define JITFLUSH_LOOP 0
#endif
#if JITFLUSH_LOOP == 3
#define FLUSH_LINES(p, len)                                                    \
  do {                                                                         \
    const char *flush_end_ = (const char *)(p) + (len);                        \
    for (const char *flush_q_ = (const char *)(p); flush_q_ < flush_end_;      \
         flush_q_ += Line)                                                     \
      _mm_clflush(flush_q_);                                                   \
  } while (0)
#else
#if JITFLUSH_LOOP == 1
typedef long flush_index_t;
#elif JITFLUSH_LOOP == 2
typedef int flush_index_t;
#else
typedef size_t flush_index_t;
#endif
#define FLUSH_LINES(p, len)                                                    \
  do {                                                                         \
    const char *flush_base_ = (const char *)(p);                               \
    flush_index_t flush_len_ = (flush_index_t)(len);                           \
    for (flush_index_t flush_off_ = 0; flush_off_ < flush_len_;                \
         flush_off_ += Line)                                                   \
      _mm_clflush(flush_base_ + flush_off_);                                   \
  } while (0)
#endif
#endif

/* Runs the x86-64 code at \p code on \p x. Elsewhere (the AArch64 form,
 * under qemu) the bytes cannot run: the C model's result \p want stands in,
 * so the checksum is the same for every build and machine. */
static uint32_t call_code(const uint8_t *code, uint32_t x, uint32_t want) {
#if defined(__x86_64__)
  (void)want;
  code_fn fn;
  memcpy(&fn, &code, sizeof fn);
  return fn(x);
#else
  (void)code;
  (void)x;
  return want;
#endif
}

/*===-- The instruction set: one operation on eax -------------------------===*/

static uint32_t next_random(uint32_t *state) {
  uint32_t x = *state; /* xorshift32 */
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *state = x;
}

enum OpKind { OpAdd, OpXor, OpImul, OpRol, NumOpKinds };

struct op {
  enum OpKind kind;
  uint32_t imm;
};

static struct op next_op(uint32_t *state) {
  uint32_t r = next_random(state);
  struct op o = {(enum OpKind)(r % NumOpKinds), next_random(state)};
  if (o.kind == OpImul)
    o.imm |= 1; /* odd: keeps every bit of eax alive */
  if (o.kind == OpRol)
    o.imm = 1 + o.imm % 31;
  return o;
}

/* What the emitted instruction does, in C: the model run checks against. */
static uint32_t apply_op(struct op o, uint32_t x) {
  switch (o.kind) {
  case OpAdd: return x + o.imm;
  case OpXor: return x ^ o.imm;
  case OpImul: return x * o.imm;
  case OpRol: return (x << o.imm) | (x >> (32 - o.imm));
  default: return x;
  }
}

/* Writes the x86-64 encoding of \p o at code + pos; returns the new end. */
static size_t emit_insn(uint8_t *code, size_t pos, struct op o) {
  switch (o.kind) {
  case OpAdd: code[pos++] = 0x05; break;                        /* add eax, imm32 */
  case OpXor: code[pos++] = 0x35; break;                        /* xor eax, imm32 */
  case OpImul: code[pos++] = 0x69; code[pos++] = 0xC0; break;   /* imul eax, eax, imm32 */
  case OpRol:                                                   /* rol eax, imm8 */
    code[pos++] = 0xC1; code[pos++] = 0xC0; code[pos++] = (uint8_t)o.imm;
    return pos;
  default: break;
  }
  memcpy(code + pos, &o.imm, sizeof o.imm);
  return pos + sizeof o.imm;
}

enum { MaxInsnSize = 6 };

/*===-- Shape "stubs": fixed-size slots, flushed by writer and publisher ---===*/

/* Stub k of a pass: eax = edi; 1..StubOps operations; ret; int3 to the end
 * of the slot. The writer flushes what it wrote: the whole slot. */
static void emit_stub(uint8_t *slot, uint32_t seed) {
  uint32_t state = seed;
  int ops = 1 + (int)(next_random(&state) % StubOps);
  size_t pos = 0;
  slot[pos++] = 0x89; slot[pos++] = 0xF8; /* mov eax, edi */
  for (int i = 0; i < ops; ++i)
    pos = emit_insn(slot, pos, next_op(&state));
  slot[pos++] = 0xC3; /* ret */
  memset(slot + pos, 0xCC, SlotSize - pos);
  FLUSH_LINES(slot, SlotSize);
}

static uint32_t stub_model(uint32_t seed, uint32_t x) {
  uint32_t state = seed;
  int ops = 1 + (int)(next_random(&state) % StubOps);
  for (int i = 0; i < ops; ++i)
    x = apply_op(next_op(&state), x);
  return x;
}

/* The publish step: make the slot's bytes reach memory, then let callers
 * find the stub. */
static void publish_stub(uint8_t *slot, code_fn *table, size_t k) {
#ifdef JITFLUSH_LINK_STUBS
  /* Chain the stub to the next slot: jmp rel32 in the last 5 bytes of the
   * padding (never reached: the stub returns first). */
  int32_t rel = 0; /* the target is the jmp's end: the next slot */
  slot[SlotSize - 5] = 0xE9;
  memcpy(slot + SlotSize - 4, &rel, sizeof rel);
#endif
  FLUSH_LINES(slot, SlotSize);
  memcpy(&table[k], &slot, sizeof slot);
}

static uint32_t stub_seed(uint32_t pass, size_t k) {
  return (pass * 2654435761u) ^ ((uint32_t)k * 0x9E3779B9u) ^ 0x5bd1e995u;
}

/* One compile of every slot. noinline: the function the bench's static
 * counts and remarks are about. */
__attribute__((noinline)) static void regenerate_stubs(uint8_t *code,
                                                       size_t slots,
                                                       code_fn *table,
                                                       uint32_t pass) {
  for (size_t k = 0; k < slots; ++k) {
    uint8_t *slot = code + k * SlotSize;
    emit_stub(slot, stub_seed(pass, k));
    publish_stub(slot, table, k);
  }
}

static uint32_t run_stubs(uint8_t *code, size_t size, uint32_t passes) {
  size_t slots = size / SlotSize;
  code_fn *table = calloc(slots, sizeof *table);
  if (!table) {
    perror("jitflush: calloc");
    exit(1);
  }
  uint32_t sum = 0;
  for (uint32_t pass = 0; pass < passes; ++pass) {
    if (mprotect(code, size, PROT_READ | PROT_WRITE) != 0) {
      perror("jitflush: mprotect RW");
      exit(1);
    }
    regenerate_stubs(code, slots, table, pass);
    if (mprotect(code, size, PROT_READ | PROT_EXEC) != 0) {
      perror("jitflush: mprotect RX");
      exit(1);
    }
    uint32_t state = pass + 1, x = pass;
    for (int i = 0; i < StubRuns; ++i) {
      size_t k = next_random(&state) % slots;
      uint32_t want = stub_model(stub_seed(pass, k), x);
      x = call_code((const uint8_t *)table[k], x, want);
      if (x != want) {
        fprintf(stderr, "jitflush: stub %zu of pass %u returned %08x, not %08x\n",
                k, pass, x, want);
        abort();
      }
    }
    sum = sum * 31u + x;
  }
  free(table);
  return sum;
}

/*===-- Shape "program": RandomX's program + whole-buffer flush ------------===*/

struct jit {
  uint8_t *code;
  size_t size;
  size_t end; /* the program is [PrologueSize, end) */
};

/* The prologue (eax = edi, then nops into the program), written and flushed
 * once, like RandomX's constructor writes its fixed code. */
__attribute__((noinline)) static void write_prologue(struct jit *j) {
  j->code[0] = 0x89; j->code[1] = 0xF8; /* mov eax, edi */
  memset(j->code + 2, 0x90, PrologueSize - 2);
  FLUSH_LINES(j->code, PrologueSize);
}

/* How long a program of \p shape is, in bytes behind the prologue, at most:
 * "program" fills 3/4 to all of the room, "randomx" is 2 to 3 KiB (RandomX's
 * A64 JIT writes programs of that size into a 20 KiB buffer). */
static size_t program_limit(int randomx, size_t room, uint32_t *state) {
  uint32_t r = next_random(state);
  if (randomx)
    return 2048 + r % 1024 < room ? 2048 + r % 1024 : room;
  return room - r % (room / 4 + 1);
}

/* The writer: a program behind the prologue, flushed as written. Takes the
 * buffer as locals, as a JIT's hot path holds them in registers (reloading
 * them from *j between the two flushes would read memory that may share a
 * line with the buffer, and a read between two line flushes keeps the
 * second: flush+reload code depends on it). Sets *end; returns the C
 * model's result for input \p x. */
static uint32_t generate_program(uint8_t *code, size_t size, int randomx,
                                 uint32_t seed, uint32_t x, size_t *end) {
  uint32_t state = seed;
  size_t room = size - PrologueSize - 1;
  size_t limit = program_limit(randomx, room, &state);
  size_t pos = PrologueSize;
  while (pos + MaxInsnSize <= PrologueSize + limit) {
    struct op o = next_op(&state);
    pos = emit_insn(code, pos, o);
    x = apply_op(o, x);
  }
  code[pos++] = 0xC3; /* ret */
  FLUSH_LINES(code + PrologueSize, pos - PrologueSize);
  *end = pos;
  return x;
}

/* RandomX's enableExecution: W^X flip, then flush the whole buffer. */
static int make_executable(uint8_t *code, size_t size) {
  if (mprotect(code, size, PROT_READ | PROT_EXEC) != 0)
    return -1;
  FLUSH_LINES(code, size);
  return 0;
}

/* One compile. noinline: the function the bench's counts are about. */
__attribute__((noinline)) static uint32_t compile_program(struct jit *j,
                                                          int randomx,
                                                          uint32_t seed,
                                                          uint32_t x) {
  uint8_t *code = j->code;
  size_t size = j->size, end;
  if (mprotect(code, size, PROT_READ | PROT_WRITE) != 0) {
    perror("jitflush: mprotect RW");
    exit(1);
  }
  uint32_t want = generate_program(code, size, randomx, seed, x, &end);
  if (make_executable(code, size) != 0) {
    perror("jitflush: mprotect RX");
    exit(1);
  }
  j->end = end;
  return want;
}

static uint32_t run_program(uint8_t *code, size_t size, int randomx,
                            uint32_t passes) {
  struct jit j = {code, size, 0};
  if (mprotect(code, size, PROT_READ | PROT_WRITE) != 0) {
    perror("jitflush: mprotect RW");
    exit(1);
  }
  write_prologue(&j);
  uint32_t sum = 0;
  for (uint32_t pass = 0; pass < passes; ++pass) {
    uint32_t x = pass * 0x01000193u;
    uint32_t want = compile_program(&j, randomx, pass * 2654435761u + 1, x);
    uint32_t got = call_code(j.code, x, want);
    if (got != want) {
      fprintf(stderr, "jitflush: program of pass %u returned %08x, not %08x\n",
              pass, got, want);
      abort();
    }
    sum = sum * 31u + got;
  }
  return sum;
}

/*===-- Driver -------------------------------------------------------------===*/

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s stubs|program|randomx SIZE PASSES\n", argv[0]);
    return 2;
  }
  const char *shape = argv[1];
  int stubs = strcmp(shape, "stubs") == 0;
  int randomx = strcmp(shape, "randomx") == 0;
  if (!stubs && !randomx && strcmp(shape, "program") != 0) {
    fprintf(stderr, "jitflush: unknown shape '%s'\n", shape);
    return 2;
  }
  size_t size = strtoull(argv[2], NULL, 0);
  uint32_t passes = (uint32_t)strtoul(argv[3], NULL, 0);
  if (size < 4096 || size % 4096 || passes == 0) {
    fprintf(stderr, "jitflush: SIZE must be a positive multiple of 4096, "
                    "PASSES positive\n");
    return 2;
  }
  uint8_t *code = mmap(NULL, size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (code == MAP_FAILED) {
    perror("jitflush: mmap");
    return 1;
  }
  memset(code, 0xCC, size); /* fault every page in before timing */

  /* The warm-up pass counts in the checksum too, so it depends only on
   * SHAPE, SIZE and PASSES. */
  uint32_t warm = stubs ? run_stubs(code, size, WarmupPasses)
                        : run_program(code, size, randomx, WarmupPasses);
  double t0 = now_ns();
  uint32_t sum = stubs ? run_stubs(code, size, passes)
                       : run_program(code, size, randomx, passes);
  double ns = now_ns() - t0;
  printf("jitflush %s %zu %u checksum %08x\n", shape, size, passes,
         sum * 0x01000193u ^ warm);
  fprintf(stderr, "jitflush: ns_per_kib=%.3f\n",
          ns / ((double)passes * (double)size / 1024.0));
  munmap(code, size);
  return 0;
}
