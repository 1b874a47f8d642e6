// align_bench: time every build of every kernel in one process, interleaved.
//
//   align_bench [-q] [-r ROUNDS] [-s SAMPLE_US] [-c CPU] -o OUT.csv MANIFEST
//
// MANIFEST has one line per build: `KERNEL BUILD PAD PATH.so` (run.sh writes
// it). Each .so exports `uint64_t kernel(void *buf, long n, uint64_t v)`.
// All builds of one kernel are dlopen'ed together (a shared object's text
// keeps its offset within a page, so each loop sits exactly where the linker
// put it) and timed in rounds:
//  1. Calibrate: the number of calls per sample so that one sample of the
//     first build takes about SAMPLE_US.
//  2. Each round visits every build once, in a fresh random order; a visit
//     is one untimed call (warms the I-cache, iTLB and predictors for that
//     code) and then one sample: that many calls between two
//     clock_gettime(CLOCK_MONOTONIC) reads.
//  3. The first WARMUP rounds are dropped; the rest go to OUT.csv as
//     `kernel,build,pad,round,position,ns,calls,iters` (ns per sample; ns per
//     loop iteration is ns / (calls * iters)).
// Every build must return the same checksum as the first, or the run stops.
// The process pins itself to one CPU (the last, unless -c says otherwise).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef uint64_t (*kernel_fn)(void *, long, uint64_t);

struct build {
  char kernel[32], build[32];
  int pad;
  kernel_fn fn;
};

enum { WARMUP = 3, MAX_BUILDS = 4096, BUF_BYTES = 16384 };

static struct build builds[MAX_BUILDS];
static int nbuilds;
static volatile uint64_t sink;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void) { // xorshift64*
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dull;
}

/// Loop iterations per call and the stored value, per kernel: every
/// kernel's data fit in L1 (16 KiB), so the loop, not memory, is timed.
static long iters_for(const char *kernel) {
  return strcmp(kernel, "store8") == 0 ? BUF_BYTES / 8 : 4096;
}

/// Bytes 1..127 in a fixed pattern: branchy never sees a zero (its store
/// path stays cold, its branches stay predicted).
static void fill(unsigned char *buf) {
  for (int i = 0; i < BUF_BYTES; i++)
    buf[i] = (unsigned char)(1 + (i * 37) % 127);
}

static void run_kernel(int first, int count, int rounds, double sample_us,
                       FILE *out) {
  static unsigned char buf[BUF_BYTES] __attribute__((aligned(4096)));
  const char *kernel = builds[first].kernel;
  long iters = iters_for(kernel);
  const uint64_t v = 0x0101010101010101ull;

  fill(buf);
  uint64_t want = builds[first].fn(buf, iters, v);
  for (int i = first; i < first + count; i++) {
    fill(buf);
    uint64_t got = builds[i].fn(buf, iters, v);
    if (got != want) {
      fprintf(stderr, "align_bench: %s %s pad %d returned %#llx, %s %s pad %d "
              "%#llx: the builds do not compute the same thing\n",
              kernel, builds[i].build, builds[i].pad, (unsigned long long)got,
              kernel, builds[first].build, builds[first].pad,
              (unsigned long long)want);
      exit(1);
    }
  }
  fill(buf);

  // Step 1: calls per sample, from the best of a few timings.
  kernel_fn f0 = builds[first].fn;
  uint64_t best = UINT64_MAX;
  for (int k = 0; k < 50; k++) {
    uint64_t t0 = now_ns();
    sink += f0(buf, iters, v);
    uint64_t t = now_ns() - t0;
    if (t < best)
      best = t;
  }
  long calls = (long)(sample_us * 1000.0 / (double)(best ? best : 1));
  if (calls < 1)
    calls = 1;

  int *order = malloc(sizeof(int) * (size_t)count);
  for (int r = 0; r < rounds + WARMUP; r++) {
    for (int i = 0; i < count; i++)
      order[i] = first + i;
    for (int i = count - 1; i > 0; i--) { // Fisher-Yates
      int j = (int)(rng() % (uint64_t)(i + 1));
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int pos = 0; pos < count; pos++) {
      struct build *b = &builds[order[pos]];
      kernel_fn f = b->fn;
      sink += f(buf, iters, v); // untimed warm-up call
      uint64_t t0 = now_ns();
      for (long c = 0; c < calls; c++)
        sink += f(buf, iters, v);
      uint64_t ns = now_ns() - t0;
      if (r >= WARMUP)
        fprintf(out, "%s,%s,%d,%d,%d,%llu,%ld,%ld\n", kernel, b->build, b->pad,
                r - WARMUP, pos, (unsigned long long)ns, calls, iters);
    }
  }
  free(order);
  fprintf(stderr, "align_bench: %s: %d builds x %d rounds, %ld calls of %ld "
          "iterations per sample\n", kernel, count, rounds, calls, iters);
}

static void usage(void) {
  fprintf(stderr, "usage: align_bench [-q] [-r ROUNDS] [-s SAMPLE_US] [-c CPU] "
                  "-o OUT.csv MANIFEST\n");
  exit(2);
}

int main(int argc, char **argv) {
  int rounds = 0, cpu = -1, opt;
  double sample_us = 25;
  const char *out_path = NULL;
  int quick = 0;
  while ((opt = getopt(argc, argv, "qr:s:c:o:")) != -1) {
    switch (opt) {
    case 'q': quick = 1; break;
    case 'r': rounds = atoi(optarg); break;
    case 's': sample_us = atof(optarg); break;
    case 'c': cpu = atoi(optarg); break;
    case 'o': out_path = optarg; break;
    default: usage();
    }
  }
  if (!out_path || optind + 1 != argc)
    usage();
  if (rounds <= 0)
    rounds = quick ? 40 : 400;

  FILE *manifest = fopen(argv[optind], "r");
  if (!manifest) {
    fprintf(stderr, "align_bench: cannot open %s: %s\n", argv[optind],
            strerror(errno));
    return 1;
  }
  char path[4096];
  struct build b;
  while (fscanf(manifest, "%31s %31s %d %4095s", b.kernel, b.build, &b.pad,
                path) == 4) {
    if (nbuilds == MAX_BUILDS) {
      fprintf(stderr, "align_bench: more than %d builds\n", MAX_BUILDS);
      return 1;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      fprintf(stderr, "align_bench: %s\n", dlerror());
      return 1;
    }
    b.fn = (kernel_fn)dlsym(h, "kernel");
    if (!b.fn) {
      fprintf(stderr, "align_bench: %s has no `kernel`: %s\n", path, dlerror());
      return 1;
    }
    builds[nbuilds++] = b;
  }
  fclose(manifest);
  if (nbuilds == 0) {
    fprintf(stderr, "align_bench: %s lists no builds\n", argv[optind]);
    return 1;
  }

  if (cpu < 0)
    cpu = (int)sysconf(_SC_NPROCESSORS_ONLN) - 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    fprintf(stderr, "align_bench: warning: cannot pin to CPU %d: %s\n", cpu,
            strerror(errno));

  FILE *out = fopen(out_path, "w");
  if (!out) {
    fprintf(stderr, "align_bench: cannot write %s: %s\n", out_path,
            strerror(errno));
    return 1;
  }
  fprintf(out, "kernel,build,pad,round,position,ns,calls,iters\n");
  // Builds of one kernel are consecutive in the manifest.
  for (int first = 0; first < nbuilds;) {
    int count = 1;
    while (first + count < nbuilds &&
           strcmp(builds[first + count].kernel, builds[first].kernel) == 0)
      count++;
    run_kernel(first, count, rounds, sample_us, out);
    first += count;
  }
  fclose(out);
  return 0;
}
