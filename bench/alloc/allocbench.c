/* allocbench: allocation-heavy driver for the allocator layout-tax bench (bench/alloc).
 *
 *   allocbench larson THREADS [EPOCHS [SLOTS [OPS [MINSIZE [MAXSIZE]]]]]
 *   allocbench threadtest THREADS [ITERS [BLOCKS [SIZE]]]
 *
 * larson (after Larson & Krishnan's server simulation): THREADS arrays of SLOTS blocks.
 *   Every epoch starts THREADS new threads; thread i of epoch e works on array (i + e) % THREADS
 *   and does OPS times: pick a random slot, free its block, allocate a block of a random size in
 *   [MINSIZE, MAXSIZE] into it and write it. The threads of epoch 0 first fill their arrays.
 *   Blocks allocated in an earlier epoch were allocated by a thread that has exited, so their
 *   frees are cross-thread frees (counted). The main thread frees what is left at the end.
 * threadtest (after Hoard's threadtest): each thread, ITERS times, allocates BLOCKS blocks of
 *   SIZE bytes, writes them, then frees them all.
 *
 * Every block gets a 64-bit tag from a per-array (larson) or per-thread (threadtest) PRNG in its
 * first 8 bytes and a check byte at its end; both are verified before the free (exit 3 on a
 * mismatch) and the tags are folded into a checksum. Nothing in stdout depends on timing,
 * scheduling, addresses or the allocator: one line, the same for every build of one set of
 * arguments. The allocator name and the elapsed time go to stderr.
 *
 * The allocator is chosen at build time: -DALLOC_MIMALLOC (mi_malloc/mi_free),
 * -DALLOC_JEMALLOC (je_malloc/je_free: jemalloc configured --with-jemalloc-prefix=je_),
 * otherwise libc malloc/free. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(ALLOC_MIMALLOC)
void *mi_malloc(size_t size);
void mi_free(void *p);
#define BENCH_MALLOC mi_malloc
#define BENCH_FREE mi_free
#define ALLOC_NAME "mimalloc"
#elif defined(ALLOC_JEMALLOC)
void *je_malloc(size_t size);
void je_free(void *p);
#define BENCH_MALLOC je_malloc
#define BENCH_FREE je_free
#define ALLOC_NAME "jemalloc"
#else
#define BENCH_MALLOC malloc
#define BENCH_FREE free
#define ALLOC_NAME "libc"
#endif

static uint64_t next(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void die(const char *what) {
  fprintf(stderr, "allocbench: %s\n", what);
  exit(3);
}

/* A block of size >= 8: tag in bytes 0..7, check byte at size - 1. */
static void *make_block(size_t size, uint64_t tag) {
  unsigned char *p = BENCH_MALLOC(size);
  if (!p)
    die("out of memory");
  memcpy(p, &tag, 8);
  p[size - 1] = (unsigned char)(tag ^ size);
  return p;
}

static uint64_t drop_block(void *block, size_t size) {
  unsigned char *p = block;
  uint64_t tag;
  memcpy(&tag, p, 8);
  if (p[size - 1] != (unsigned char)(tag ^ size))
    die("block corrupted (check byte)");
  BENCH_FREE(p);
  return tag ^ size;
}

static uint64_t fold(uint64_t sum, uint64_t v) { return (sum ^ v) * 0x100000001b3ull + 7; }

/* ---- larson ---- */
struct slots {
  void **block;
  uint32_t *size;
  uint32_t *epoch; /* epoch that allocated the block */
  uint64_t rng, sum, frees, cross;
};
struct larson_job {
  struct slots *s;
  unsigned epoch, nslots, minsz, maxsz;
  unsigned long ops;
};

static void *larson_thread(void *arg) {
  struct larson_job *j = arg;
  struct slots *s = j->s;
  unsigned span = j->maxsz - j->minsz + 1;
  if (j->epoch == 0)
    for (unsigned i = 0; i < j->nslots; i++) {
      s->size[i] = j->minsz + (unsigned)(next(&s->rng) % span);
      s->block[i] = make_block(s->size[i], next(&s->rng));
      s->epoch[i] = 0;
    }
  for (unsigned long op = 0; op < j->ops; op++) {
    unsigned v = (unsigned)(next(&s->rng) % j->nslots);
    s->sum = fold(s->sum, drop_block(s->block[v], s->size[v]));
    s->frees++;
    s->cross += s->epoch[v] != j->epoch;
    s->size[v] = j->minsz + (unsigned)(next(&s->rng) % span);
    s->block[v] = make_block(s->size[v], next(&s->rng));
    s->epoch[v] = j->epoch;
  }
  return NULL;
}

static void run_threads(unsigned n, void *(*fn)(void *), void *jobs, size_t jobsize) {
  pthread_t *t = calloc(n, sizeof *t);
  for (unsigned i = 0; i < n; i++)
    if (pthread_create(&t[i], NULL, fn, (char *)jobs + i * jobsize))
      die("pthread_create failed");
  for (unsigned i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  free(t);
}

static int larson(unsigned threads, unsigned epochs, unsigned nslots, unsigned long ops,
                  unsigned minsz, unsigned maxsz) {
  struct slots *s = calloc(threads, sizeof *s);
  struct larson_job *jobs = calloc(threads, sizeof *jobs);
  for (unsigned a = 0; a < threads; a++) {
    s[a].block = calloc(nslots, sizeof(void *));
    s[a].size = calloc(nslots, sizeof(uint32_t));
    s[a].epoch = calloc(nslots, sizeof(uint32_t));
    s[a].rng = 0x1234567ull * (a + 1);
  }
  for (unsigned e = 0; e < epochs; e++) {
    for (unsigned i = 0; i < threads; i++)
      jobs[i] = (struct larson_job){&s[(i + e) % threads], e, nslots, minsz, maxsz, ops};
    run_threads(threads, larson_thread, jobs, sizeof *jobs);
  }
  uint64_t sum = 0, frees = 0, cross = 0;
  for (unsigned a = 0; a < threads; a++) {
    for (unsigned i = 0; i < nslots; i++) {
      s[a].sum = fold(s[a].sum, drop_block(s[a].block[i], s[a].size[i]));
      s[a].frees++;
      s[a].cross++; /* freed by the main thread */
    }
    sum = fold(sum, s[a].sum);
    frees += s[a].frees;
    cross += s[a].cross;
  }
  printf("allocbench larson threads=%u epochs=%u slots=%u ops=%lu size=%u-%u frees=%llu "
         "cross_thread_frees=%llu checksum=%016llx\n",
         threads, epochs, nslots, ops, minsz, maxsz, (unsigned long long)frees,
         (unsigned long long)cross, (unsigned long long)sum);
  return 0;
}

/* ---- threadtest ---- */
struct tt_job {
  unsigned iters, nblocks, size, id;
  uint64_t sum;
};

static void *tt_thread(void *arg) {
  struct tt_job *j = arg;
  void **b = calloc(j->nblocks, sizeof(void *)); /* libc: not part of the measured allocator */
  uint64_t rng = 0xabcdefull * (j->id + 1), sum = 0;
  for (unsigned it = 0; it < j->iters; it++) {
    for (unsigned i = 0; i < j->nblocks; i++)
      b[i] = make_block(j->size, next(&rng));
    for (unsigned i = 0; i < j->nblocks; i++)
      sum = fold(sum, drop_block(b[i], j->size));
  }
  free(b);
  j->sum = sum;
  return NULL;
}

static int threadtest(unsigned threads, unsigned iters, unsigned nblocks, unsigned size) {
  struct tt_job *jobs = calloc(threads, sizeof *jobs);
  for (unsigned i = 0; i < threads; i++)
    jobs[i] = (struct tt_job){iters, nblocks, size, i, 0};
  run_threads(threads, tt_thread, jobs, sizeof *jobs);
  uint64_t sum = 0;
  for (unsigned i = 0; i < threads; i++)
    sum = fold(sum, jobs[i].sum);
  printf("allocbench threadtest threads=%u iters=%u blocks=%u size=%u frees=%llu "
         "checksum=%016llx\n",
         threads, iters, nblocks, size, (unsigned long long)threads * iters * nblocks,
         (unsigned long long)sum);
  return 0;
}

static unsigned long arg(int argc, char **argv, int i, unsigned long dflt, unsigned long min,
                         unsigned long max) {
  if (i >= argc)
    return dflt;
  char *end;
  unsigned long v = strtoul(argv[i], &end, 10);
  if (*argv[i] == '\0' || *end != '\0' || v < min || v > max) {
    fprintf(stderr, "allocbench: argument %d '%s' must be an integer in [%lu, %lu]\n", i,
            argv[i], min, max);
    exit(2);
  }
  return v;
}

int main(int argc, char **argv) {
  struct timespec t0, t1;
  int rc;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (argc >= 3 && !strcmp(argv[1], "larson") && argc <= 8) {
    unsigned minsz = arg(argc, argv, 6, 8, 8, 1 << 20);
    rc = larson(arg(argc, argv, 2, 2, 1, 256), arg(argc, argv, 3, 30, 1, 1u << 30),
                arg(argc, argv, 4, 1000, 1, 1u << 24), arg(argc, argv, 5, 100000, 0, 1ul << 40),
                minsz, arg(argc, argv, 7, 512, minsz, 1 << 20));
  } else if (argc >= 3 && !strcmp(argv[1], "threadtest") && argc <= 6) {
    rc = threadtest(arg(argc, argv, 2, 2, 1, 256), arg(argc, argv, 3, 100, 0, 1u << 30),
                    arg(argc, argv, 4, 10000, 1, 1u << 26), arg(argc, argv, 5, 64, 8, 1 << 20));
  } else {
    fprintf(stderr, "usage: allocbench larson THREADS [EPOCHS [SLOTS [OPS [MINSIZE [MAXSIZE]]]]]\n"
                    "       allocbench threadtest THREADS [ITERS [BLOCKS [SIZE]]]\n");
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fprintf(stderr, "allocbench: allocator %s, %.3f s\n", ALLOC_NAME,
          (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  return rc;
}
