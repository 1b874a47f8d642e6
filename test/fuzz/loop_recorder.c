/* loop_recorder.c - the run-time half of loop_fuzz.py.
 *
 * loop_fuzz.py compiles random C programs of flush loops (clang -O2), runs
 * flushelim on the IR, and then, in the reference IR and in flushelim's
 * output alike, renames every flush primitive and fence to a function here
 * and puts a call to rec_write after every store, memset and memcpy. So the
 * pass saw plain intrinsics and stores; the run reports each of them here.
 *
 * The recorder keeps, per 64-byte line of the buffer, whether the line was
 * written after its last completed flush ("dirty"), and at every write and
 * at the end of a case it folds the set of dirty lines into a digest: the
 * sequence of dirty sets at the program's writes. flushelim only ever
 * removes or skips a flush of a line nobody wrote since it was flushed,
 * which changes no dirty set; a flush it wrongly drops leaves a line dirty
 * that the reference run has clean, and the digests differ ("a line
 * written after its last flush was skipped").
 *
 * x86 (clflush, clflushopt, clwb; sfence, mfence, lfence): clflush
 * completes at once (it is ordered with older writes); clflushopt and clwb
 * are pending until an sfence or mfence, and a write to a pending line
 * leaves it dirty (they are not ordered with younger writes). A pending line
 * counts as dirty at an observation.
 *
 * AArch64 (`dc cvau`, `dc civac`, `ic ivau`, `dsb`, `isb`, __clear_cache),
 * the data and instruction sides apart: a clean is pending until a `dsb`;
 * an `ic ivau` counts only when the line's clean has completed, and then
 * itself completes at a `dsb` followed by an `isb`; a clean of a dirty line
 * after an invalidation undoes it (the I-cache may have refetched old
 * bytes). __clear_cache completes both for its bytes. Both sets are
 * observed.
 *
 * Every flushed pointer must lie in the buffer (or one line past it, a loop
 * that overshoots): anything else aborts. Writes outside the buffer (the
 * sum the program folds its reads into) are not the buffer's and are not
 * observed.
 *
 *   usage: loop_runner [CASE INPUT]   (all cases and inputs, or one, traced)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Size = 4096, Line = 64, Lines = Size / Line };

typedef void (*case_fn)(unsigned char *buf, unsigned char *end, long a,
                        long b, long c, unsigned long sel);
/* Generated with the cases. */
extern case_fn lf_cases[];
extern const unsigned lf_num_cases;
extern const long lf_inputs[][4];
extern const unsigned lf_num_inputs;

static _Alignas(64) unsigned char buf[Size + Line];

/* x86 and AArch64 data side. */
static unsigned char dirty[Lines], pending[Lines];
/* AArch64 instruction side: stale until invalidated after a completed
 * clean, the invalidation fenced by a dsb and then an isb. */
enum IState { Stale, Issued, Fenced, Fresh };
static unsigned char istate[Lines];

static uint64_t digest;
static unsigned long events;
static int tracing;

static void fold(uint64_t v) {
  digest ^= v + 0x9e3779b97f4a7c15ull + (digest << 6) + (digest >> 2);
}

static long line_of(const void *p, const char *what, int past_ok) {
  uintptr_t off = (uintptr_t)p - (uintptr_t)buf;
  if ((uintptr_t)p < (uintptr_t)buf || off >= Size + (past_ok ? Line : 0)) {
    fprintf(stderr, "loop_recorder: %s outside the buffer (offset %ld)\n",
            what, (long)off);
    abort();
  }
  return off < Size ? (long)(off / Line) : -1;
}

/* An observation: the lines not durably flushed, data and instruction. */
static void observe(const char *why) {
  uint64_t d = 0, i = 0;
  for (unsigned l = 0; l < Lines; ++l) {
    if (dirty[l] || pending[l])
      d |= 1ull << l;
    if (istate[l] != Fresh)
      i |= 1ull << l;
  }
  fold(d);
  fold(i);
  ++events;
  if (tracing)
    fprintf(stdout, "  %s: dirty %016llx istale %016llx\n", why,
            (unsigned long long)d, (unsigned long long)i);
}

static int in_buffer(const void *p) {
  return (uintptr_t)p >= (uintptr_t)buf && (uintptr_t)p < (uintptr_t)buf + Size;
}

/* Writes elsewhere (a global the program sums into) are not the buffer's. */
void rec_write(void *p, long n) {
  if (n <= 0 || !in_buffer(p))
    return;
  observe("write");
  long first = line_of(p, "write", 0);
  long last = line_of((unsigned char *)p + n - 1, "write", 0);
  for (long l = first; l <= last; ++l) {
    dirty[l] = 1;
    pending[l] = 0;
    istate[l] = Stale;
  }
}

/* x86. */
void rec_clflush(void *p) {
  long l = line_of(p, "clflush", 1);
  if (l >= 0)
    dirty[l] = pending[l] = 0;
}
static void weak_flush(void *p, const char *what) {
  long l = line_of(p, what, 1);
  if (l >= 0 && dirty[l])
    pending[l] = 1;
}
void rec_clflushopt(void *p) { weak_flush(p, "clflushopt"); }
void rec_clwb(void *p) { weak_flush(p, "clwb"); }
static void complete_pending(void) {
  for (unsigned l = 0; l < Lines; ++l)
    if (pending[l])
      dirty[l] = pending[l] = 0;
}
void rec_sfence(void) { complete_pending(); }
void rec_mfence(void) { complete_pending(); }
void rec_lfence(void) {}

/* AArch64. */
static void clean(void *p, const char *what) {
  long l = line_of(p, what, 1);
  if (l < 0 || !dirty[l])
    return; /* Cleaning a clean line changes nothing. */
  pending[l] = 1;
  istate[l] = Stale; /* New bytes reach the point of unification later. */
}
void rec_dc_cvau(void *p) { clean(p, "dc cvau"); }
void rec_dc_civac(void *p) { clean(p, "dc civac"); }
void rec_ic_ivau(void *p) {
  long l = line_of(p, "ic ivau", 1);
  if (l >= 0 && !dirty[l] && !pending[l] && istate[l] != Fresh)
    istate[l] = Issued;
}
void rec_dsb(void) {
  complete_pending();
  for (unsigned l = 0; l < Lines; ++l)
    if (istate[l] == Issued)
      istate[l] = Fenced;
}
void rec_isb(void) {
  for (unsigned l = 0; l < Lines; ++l)
    if (istate[l] == Fenced)
      istate[l] = Fresh;
}
void rec_dsb_isb(void) {
  rec_dsb();
  rec_isb();
}
void rec_clear_cache(void *b, void *e) {
  if ((uintptr_t)e <= (uintptr_t)b)
    return;
  long first = line_of(b, "__clear_cache", 0);
  long last = line_of((unsigned char *)e - 1, "__clear_cache", 0);
  for (long l = first; l <= last; ++l) {
    dirty[l] = pending[l] = 0;
    istate[l] = Fresh;
  }
}


static void run_one(unsigned c, unsigned i) {
  memset(buf, 0, sizeof buf);
  memset(dirty, 0, sizeof dirty);
  memset(pending, 0, sizeof pending);
  memset(istate, Fresh, sizeof istate);
  digest = 0;
  events = 0;
  const long *in = lf_inputs[i];
  lf_cases[c](buf, buf + in[2], in[0], in[1], in[2], (unsigned long)in[3]);
  observe("end");
  printf("case %u input %u: %lu observations, digest %016llx\n", c, i, events,
         (unsigned long long)digest);
}

int main(int argc, char **argv) {
  if (argc == 3) {
    tracing = 1;
    run_one((unsigned)atoi(argv[1]), (unsigned)atoi(argv[2]));
    return 0;
  }
  for (unsigned c = 0; c < lf_num_cases; ++c)
    for (unsigned i = 0; i < lf_num_inputs; ++i)
      run_one(c, i);
  return 0;
}
