/* jit_harness.c - the run-time half of narrow_stress.py.
 *
 * A generated @jit(buf, a, b, c, sel) writes bytes into a 64-byte-aligned
 * buffer, flushes ranges of it and "executes" parts of it. The flushes and
 * the executions come here (the fuzzer renames the primitives in the IR to
 * these functions after flushelim ran), and this file keeps two shadows:
 *   - the instruction-cache shadow, per byte: the value the byte had when a
 *     range flush (llvm.clear_cache, __clear_cache, sys_icache_invalidate)
 *     last covered exactly that byte (byte-exact: the strictest reading of
 *     their contract);
 *   - the data-line shadow, per 64-byte line: the line's bytes when a
 *     clflush of it last ran;
 *   - AArch64's two steps, per 64-byte line: the point-of-unification
 *     shadow (the line's bytes when a `dc cvau` of it last ran) and the
 *     I-cache line (the point-of-unification shadow when an `ic ivau` of it
 *     last ran: an invalidation before the clean leaves old bytes);
 *   - __clear_cache's sequence done by hand, per 64-byte line: a `dc cvau`,
 *     a `dsb`, an `ic ivau`, a `dsb`, then an `isb` makes the line's
 *     instruction-cache shadow its bytes at the `dc cvau` (a step missing or
 *     out of order starts the line over), as a range flush of it would.
 * hl_exec(p, n) prints how many bytes of [p, p+n) differ from the
 * instruction-cache shadow and from the AArch64 I-cache lines, and
 * hl_durable(p, n) how many differ from the line shadow: stale bytes. Every
 * build of one program must print the same trace; a narrowed or removed flush
 * that was needed shows up as a stale byte the unoptimised build does not have.
 * A flush of a range outside the buffer or inverted (a remainder computed
 * wrong, or an unsigned length that went negative) aborts at once.
 *
 *   usage: jit_harness  (runs @jit for a fixed list of inputs; prints a trace)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Size = 2048, Line = 64 };

static _Alignas(64) unsigned char buf[Size];
static unsigned char ishadow[Size], ivalid[Size];
static unsigned char lshadow[Size], lvalid[Size / Line];
static unsigned char pshadow[Size], pvalid[Size / Line];
static unsigned char xshadow[Size], xvalid[Size / Line];
/* Per line, how far __clear_cache's sequence got (enum Step). */
enum Step { None, Cleaned, CleanFenced, Invalidated, InvalidateFenced };
static unsigned char step[Size / Line];
static unsigned long barriers;
static unsigned long calls;

void jit(unsigned char *buf, uint64_t a, uint64_t b, uint64_t c, uint64_t sel);

static size_t offset_of(const void *p, const char *what) {
  uintptr_t off = (uintptr_t)p - (uintptr_t)buf;
  if ((uintptr_t)p < (uintptr_t)buf || off > Size) {
    fprintf(stderr, "jit_harness: %s outside the buffer (offset %ld)\n", what,
            (long)off);
    abort();
  }
  return off;
}

static void flush_range(const void *begin, const void *end, const char *what) {
  size_t b = offset_of(begin, what), e = offset_of(end, what);
  ++calls;
  if (e < b) {
    fprintf(stderr, "jit_harness: %s of an inverted range [%zu, %zu)\n", what,
            b, e);
    abort();
  }
  for (size_t i = b; i < e; ++i) {
    ishadow[i] = buf[i];
    ivalid[i] = 1;
  }
}

void hl_clear_cache(void *begin, void *end) {
  flush_range(begin, end, "llvm.clear_cache");
}

void hl_clear_cache_lib(void *begin, void *end) {
  flush_range(begin, end, "__clear_cache");
}

void hl_sys_icache_invalidate(void *p, size_t len) {
  size_t b = offset_of(p, "sys_icache_invalidate");
  if (len > Size - b) {
    fprintf(stderr,
            "jit_harness: sys_icache_invalidate(%zu, %zu) past the buffer\n", b,
            len);
    abort();
  }
  flush_range(p, (unsigned char *)p + len, "sys_icache_invalidate");
}

static void flush_line(const void *p) {
  size_t l = offset_of(p, "clflush") / Line;
  ++calls;
  if (l >= Size / Line)
    return;
  memcpy(lshadow + l * Line, buf + l * Line, Line);
  lvalid[l] = 1;
}

void hl_clflush(void *p) { flush_line(p); }
void hl_clflushopt(void *p) { flush_line(p); }
void hl_clwb(void *p) { flush_line(p); }

/* The line of p in the buffer, or -1 past its end (a loop's last line). */
static long a64_line(const void *p, const char *what) {
  size_t l = offset_of(p, what) / Line;
  ++calls;
  return l < Size / Line ? (long)l : -1;
}

void hl_dc_cvau(void *p) {
  long l = a64_line(p, "dc cvau");
  if (l < 0)
    return;
  /* Cleaning bytes the point of unification holds already changes nothing:
   * the sequence goes on (flushelim's `dc cvau` facts survive a re-clean). */
  if (!pvalid[l] || step[l] < CleanFenced ||
      memcmp(pshadow + l * Line, buf + l * Line, Line) != 0)
    step[l] = Cleaned;
  memcpy(pshadow + l * Line, buf + l * Line, Line);
  pvalid[l] = 1;
}

void hl_ic_ivau(void *p) {
  long l = a64_line(p, "ic ivau");
  if (l < 0)
    return;
  memcpy(xshadow + l * Line, pshadow + l * Line, Line);
  xvalid[l] = pvalid[l];
  /* Only a clean completed before it counts; a second one changes nothing. */
  step[l] = step[l] >= CleanFenced
                ? (step[l] == InvalidateFenced ? InvalidateFenced : Invalidated)
                : None;
}

void hl_dsb(void) {
  ++barriers;
  for (size_t l = 0; l < Size / Line; ++l)
    if (step[l] == Cleaned || step[l] == Invalidated)
      ++step[l];
}

void hl_isb(void) {
  ++barriers;
  for (size_t l = 0; l < Size / Line; ++l)
    if (step[l] == InvalidateFenced) {
      memcpy(ishadow + l * Line, xshadow + l * Line, Line);
      memset(ivalid + l * Line, 1, Line);
    }
}

void hl_dsb_isb(void) {
  hl_dsb();
  hl_isb();
}

void hl_exec(const void *p, uint64_t n) {
  size_t b = offset_of(p, "exec");
  size_t stale = 0, a64 = 0;
  for (size_t i = b; i < b + n && i < Size; ++i) {
    stale += !ivalid[i] || ishadow[i] != buf[i];
    a64 += !xvalid[i / Line] || xshadow[i] != buf[i];
  }
  printf(" exec %zu+%llu:%zu/%zu", b, (unsigned long long)n, stale, a64);
}

void hl_durable(const void *p, uint64_t n) {
  size_t b = offset_of(p, "durable");
  size_t stale = 0;
  for (size_t i = b; i < b + n && i < Size; ++i)
    stale += !lvalid[i / Line] || lshadow[i] != buf[i];
  printf(" durable %zu+%llu:%zu", b, (unsigned long long)n, stale);
}

int main(void) {
  static const uint64_t inputs[][4] = {
      {0, 0, 0, 0},       {64, 128, 256, 1},  {100, 37, 300, 2},
      {384, 384, 384, 3}, {1, 2, 3, 5},       {200, 0, 64, 6},
      {63, 65, 129, 7},   {256, 320, 17, 9},  {0, 383, 1, 10},
      {128, 128, 0, 12},  {77, 190, 250, 15}, {320, 5, 120, 31}};
  for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; ++k) {
    memset(buf, 0xCC, Size);
    memset(ivalid, 0, Size);
    memset(lvalid, 0, sizeof lvalid);
    memset(pvalid, 0, sizeof pvalid);
    memset(xvalid, 0, sizeof xvalid);
    memset(step, 0, sizeof step);
    printf("input %zu:", k);
    jit(buf, inputs[k][0], inputs[k][1], inputs[k][2], inputs[k][3]);
    printf("\n");
  }
  /* Flush calls differ between builds (that is the point); stale bytes and
   * the final shadows may not. */
  unsigned long sum = 0;
  for (size_t i = 0; i < Size; ++i)
    sum = sum * 31 + (ivalid[i] ? ishadow[i] : 0x100) +
          (lvalid[i / Line] ? lshadow[i] : 0x200) +
          (pvalid[i / Line] ? pshadow[i] : 0x300) +
          (xvalid[i / Line] ? xshadow[i] : 0x400);
  printf("shadow %08lx\n", sum & 0xffffffffUL);
  fprintf(stderr, "flush calls: %lu, barriers: %lu\n", calls, barriers);
  return 0;
}
