/* clflush_bench: flush bandwidth of a clflush loop against clflushopt + sfence.
 *
 * Variants (each flushes every 64-byte line of a buffer once):
 *   clflush    flush_kernel.c compiled plainly: one clflush per line.
 *   clflushopt flush_opt.c: clflushopt per line, then one sfence.
 *   batched    flush_kernel.c compiled with the hotlayout plugin and
 *              -flushelim-batch-clflush (built only when run.sh is given a
 *              plugin; otherwise the driver is built with -DNO_BATCHED).
 *
 * Method, for a VM whose speed drifts in phases of hundreds of milliseconds:
 *  - buffer sizes 4 KiB .. 64 MiB in powers of 4;
 *  - before every sample the buffer is dirtied (one store per line), so each
 *    flush writes back modified lines, then an mfence drains the stores;
 *  - a sample times one flush of the whole buffer plus an mfence (so the
 *    clock stops only when every flush has completed, for every variant);
 *  - variants are interleaved within a round (A B C, then B C A, ...), many
 *    short rounds per size after a few warm-up rounds;
 *  - per size and variant: min and median time, GB/s at both, spread
 *    (max/min), and the median over rounds of the within-round ratio
 *    t(clflush) / t(variant), which cancels slow/fast phases longer than a
 *    round.
 *
 * Usage: clflush_bench [-q] [-o raw.csv] [-c cpu]
 *   -q  quick: fewer rounds (about 0.5 s per size instead of 3 s)
 *   -o  raw samples as CSV: size_bytes,round,position,variant,ns
 *   -c  pin to this CPU (default: the CPU the process starts on)
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <emmintrin.h>
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

void flush_clflush(char *buf, size_t len);
void flush_clflushopt(char *buf, size_t len);
#ifndef NO_BATCHED
void flush_batched(char *buf, size_t len);
#endif

typedef void (*flush_fn)(char *, size_t);
static const struct {
  const char *name;
  flush_fn fn;
} variants[] = {
    {"clflush", flush_clflush},
    {"clflushopt", flush_clflushopt},
#ifndef NO_BATCHED
    {"batched", flush_batched},
#endif
};
enum { NV = sizeof(variants) / sizeof(variants[0]) };

enum { LINE = 64, NSIZES = 8 };
static const size_t sizes[NSIZES] = {4u << 10, 16u << 10, 64u << 10, 256u << 10,
                                     1u << 20, 4u << 20,  16u << 20, 64u << 20};
static const size_t max_size = 64u << 20;

static const char *size_label(size_t len, char *out, size_t n) {
  if (len >= (1u << 20))
    snprintf(out, n, "%zuM", len >> 20);
  else
    snprintf(out, n, "%zuK", len >> 10);
  return out;
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* One store per line with a value that changes every call: every line is
 * modified (dirty) when the flush starts, wherever it currently lives. */
static void dirty(char *buf, size_t len, uint64_t seed) {
  for (size_t off = 0; off < len; off += LINE)
    *(volatile uint64_t *)(buf + off) = seed + off;
  _mm_mfence();
}

static double time_one(flush_fn fn, char *buf, size_t len, uint64_t seed) {
  dirty(buf, len, seed);
  double t0 = now_ns();
  fn(buf, len);
  _mm_mfence();
  return now_ns() - t0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Quantile q of n sorted values, by linear interpolation. */
static double quantile(const double *sorted, int n, double q) {
  double pos = q * (n - 1);
  int i = (int)pos;
  if (i + 1 >= n)
    return sorted[n - 1];
  return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
}

static int has_clflushopt(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
    return 0;
  return (b >> 23) & 1;
}

/* Other work on the machine is the main noise source on a shared VM: record
 * the load average at the start and at the end of the run. */
static void print_loadavg(const char *when) {
  char line[128] = "unknown\n";
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (!fgets(line, sizeof line, f))
      snprintf(line, sizeof line, "unknown\n");
    fclose(f);
  }
  printf("# load average (%s): %s", when, line);
}

static void describe_machine(void) {
  char model[256] = "unknown";
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char line[512];
    while (fgets(line, sizeof line, f))
      if (!strncmp(line, "model name", 10)) {
        char *colon = strchr(line, ':');
        if (colon) {
          snprintf(model, sizeof model, "%s", colon + 2);
          model[strcspn(model, "\n")] = 0;
        }
        break;
      }
    fclose(f);
  }
  struct utsname u;
  uname(&u);
  printf("# cpu: %s\n", model);
  printf("# cpus online: %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
  printf("# kernel: %s %s %s (%s)\n", u.sysname, u.release, u.machine,
         u.nodename);
  printf("# clflushopt (cpuid): %s\n", has_clflushopt() ? "yes" : "no");
  print_loadavg("start");
}

int main(int argc, char **argv) {
  int quick = 0, cpu = -1;
  const char *csv_path = NULL;
  int opt;
  while ((opt = getopt(argc, argv, "qo:c:")) != -1) {
    switch (opt) {
    case 'q': quick = 1; break;
    case 'o': csv_path = optarg; break;
    case 'c': cpu = atoi(optarg); break;
    default:
      fprintf(stderr, "usage: %s [-q] [-o raw.csv] [-c cpu]\n", argv[0]);
      return 2;
    }
  }
  if (!has_clflushopt()) {
    fprintf(stderr, "error: this CPU has no clflushopt (cpuid.7.ebx[23]); "
                    "the clflushopt and batched variants cannot run here\n");
    return 1;
  }
  if (cpu < 0)
    cpu = sched_getcpu();
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set))
    fprintf(stderr, "warning: cannot pin to cpu %d: %s\n", cpu, strerror(errno));

  FILE *csv = NULL;
  if (csv_path) {
    csv = fopen(csv_path, "w");
    if (!csv) {
      fprintf(stderr, "error: cannot write %s: %s\n", csv_path, strerror(errno));
      return 1;
    }
    fprintf(csv, "size_bytes,round,position,variant,ns\n");
  }

  char *buf = aligned_alloc(4096, max_size);
  if (!buf) {
    fprintf(stderr, "error: cannot allocate %zu bytes\n", max_size);
    return 1;
  }
  memset(buf, 1, max_size); /* fault every page in before any timing */

  describe_machine();
  printf("# pinned to cpu %d; %s mode; variants:", cpu, quick ? "quick" : "full");
  for (int v = 0; v < NV; ++v)
    printf(" %s", variants[v].name);
  printf("\n# per size: rounds after 5 calibration + 3 warm-up rounds; times are one flush of "
         "the whole buffer + mfence\n");
  printf("%-8s %-10s %6s %11s %11s %8s %8s %7s %9s %18s\n", "size", "variant",
         "rounds", "min_ns", "median_ns", "GB/s@min", "GB/s@med", "spread",
         "ratio_med", "ratio_p10..p90");

  const double budget_s = quick ? 0.5 : 3.0;
  const int min_rounds = quick ? 21 : 61, max_rounds = quick ? 2000 : 10000;
  uint64_t seed = 1;

  for (int s = 0; s < NSIZES; ++s) {
    size_t len = sizes[s];
    char label[16];
    size_label(len, label, sizeof label);
    /* Calibrate: the median of 5 timed rounds (dirtying included), so that
     * one slow phase does not decide the round count. */
    double cal[5];
    for (int c = 0; c < 5; ++c) {
      double t0 = now_ns();
      for (int v = 0; v < NV; ++v)
        time_one(variants[v].fn, buf, len, seed++);
      cal[c] = now_ns() - t0;
    }
    qsort(cal, 5, sizeof(double), cmp_double);
    double round_ns = cal[2];
    int rounds = (int)(budget_s * 1e9 / round_ns);
    if (rounds < min_rounds) rounds = min_rounds;
    if (rounds > max_rounds) rounds = max_rounds;

    double *t = malloc(sizeof(double) * NV * rounds);
    for (int r = -3; r < rounds; ++r) {
      for (int p = 0; p < NV; ++p) {
        int v = (p + (r < 0 ? 0 : r)) % NV; /* rotate the order every round */
        double ns = time_one(variants[v].fn, buf, len, seed++);
        if (r < 0)
          continue;
        t[v * rounds + r] = ns;
        if (csv)
          fprintf(csv, "%zu,%d,%d,%s,%.0f\n", len, r, p, variants[v].name, ns);
      }
    }

    double *sorted = malloc(sizeof(double) * rounds);
    double *ratio = malloc(sizeof(double) * rounds);
    for (int v = 0; v < NV; ++v) {
      memcpy(sorted, t + v * rounds, sizeof(double) * rounds);
      qsort(sorted, rounds, sizeof(double), cmp_double);
      double mn = sorted[0], med = quantile(sorted, rounds, 0.5),
             mx = sorted[rounds - 1];
      for (int r = 0; r < rounds; ++r)
        ratio[r] = t[0 * rounds + r] / t[v * rounds + r];
      qsort(ratio, rounds, sizeof(double), cmp_double);
      char range[40];
      snprintf(range, sizeof range, "%.2f..%.2f", quantile(ratio, rounds, 0.1),
               quantile(ratio, rounds, 0.9));
      printf("%-8s %-10s %6d %11.0f %11.0f %8.2f %8.2f %7.2f %9.2f %18s\n",
             label, variants[v].name,
             rounds, mn, med, len / mn, len / med, mx / mn,
             quantile(ratio, rounds, 0.5), range);
    }
    free(sorted);
    free(ratio);
    free(t);
    fflush(stdout);
  }
  print_loadavg("end");
  if (csv)
    fclose(csv);
  free(buf);
  return 0;
}
