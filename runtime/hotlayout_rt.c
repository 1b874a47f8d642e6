/*===- hotlayout_rt.c - Runtime of flushelim's check and profile modes ----===*
 *
 * The shadow: a hash table (open addressing, never shrinks) from 4 KiB-aligned
 * addresses to shadow pages. A shadow page holds a copy of the page's bytes as
 * they were at their last instrumented flush, one "valid" bit per byte (the
 * byte has a snapshot at all) and, per 64-byte line, the site of that flush.
 *
 *   1. record / profile: for each byte of the range, compare it with the
 *      snapshot (profile counts the differences), then copy it in, set its
 *      valid bit and stamp its line with the site.
 *   2. check: find the first byte that has no snapshot or differs from it;
 *      report it with both sites and abort. A check never updates the shadow:
 *      when it passes, the snapshot already equals memory.
 *   3. profile, skippable bytes: before a flush flushelim would remove or
 *      narrow, compare the bytes it would no longer flush with their
 *      snapshots, without updating them (the profile call that follows
 *      does).
 *   4. profile at exit: per-site counters, sorted by site, as TSV.
 *
 * One mutex serialises everything: the instrumented flushes are rare next to
 * the work between them, and a lock keeps snapshot and counters consistent.
 * See hotlayout_rt.h for the memory limits.
 *
 *===----------------------------------------------------------------------===*/

#include "hotlayout_rt.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HOTLAYOUT_RT_MAX_PAGES
#define HOTLAYOUT_RT_MAX_PAGES 16384
#endif
#ifndef HOTLAYOUT_RT_MAX_SITES
#define HOTLAYOUT_RT_MAX_SITES 4096
#endif

/* HOTLAYOUT_SHADOW_PAGES is clamped to this so the table size cannot
 * overflow: 2^22 pages is 16 GiB of flushed memory. */
#define HOTLAYOUT_RT_PAGES_CEILING (1u << 22)

enum {
  SHADOW_PAGE_SIZE = 4096,
  SHADOW_LINE_SIZE = 64,
  SHADOW_LINES = SHADOW_PAGE_SIZE / SHADOW_LINE_SIZE,
  SHADOW_VALID_WORDS = SHADOW_PAGE_SIZE / 64,
};

struct shadow_page {
  uintptr_t base;                        /* first address covered */
  uint64_t valid[SHADOW_VALID_WORDS];    /* bit per byte: has snapshot */
  const char *line_site[SHADOW_LINES];   /* last flush of each line */
  unsigned char bytes[SHADOW_PAGE_SIZE]; /* the snapshot */
};

struct site_stats {
  const char *site; /* null: free slot */
  uint64_t calls;
  uint64_t bytes_requested;
  uint64_t bytes_changed;
  uint64_t bytes_skippable;         /* flushelim would not flush them */
  uint64_t bytes_skippable_changed; /* of those, changed: it would be wrong */
};

static pthread_mutex_t rt_lock = PTHREAD_MUTEX_INITIALIZER;

static struct shadow_page **page_table; /* power-of-two slots */
static size_t page_slots;
static size_t page_count;
static size_t page_limit;
static int shadow_ready;
static int shadow_full; /* some flushed bytes have no shadow page */

static struct site_stats *site_table; /* power-of-two slots */
static size_t site_slots;
static size_t site_count;
static struct site_stats other_sites = {"<other sites>", 0, 0, 0, 0, 0};
static int profile_ready;

/*===-- Shadow pages ------------------------------------------------------===*/

static size_t read_page_limit(void) {
  const char *env = getenv("HOTLAYOUT_SHADOW_PAGES");
  if (!env || !*env)
    return HOTLAYOUT_RT_MAX_PAGES;
  char *rest;
  unsigned long pages = strtoul(env, &rest, 10);
  if (*rest || pages == 0) {
    fprintf(stderr,
            "hotlayout: ignoring HOTLAYOUT_SHADOW_PAGES='%s': "
            "expected a positive number of 4 KiB pages\n",
            env);
    return HOTLAYOUT_RT_MAX_PAGES;
  }
  return pages > HOTLAYOUT_RT_PAGES_CEILING ? HOTLAYOUT_RT_PAGES_CEILING
                                            : (size_t)pages;
}

/* Called with rt_lock held. On allocation failure the limit drops to zero and
 * every range is treated as beyond the shadow. */
static void init_shadow(void) {
  if (shadow_ready)
    return;
  shadow_ready = 1;
  page_limit = read_page_limit();
  /* At most half full, so linear probes stay short. */
  page_slots = 1;
  while (page_slots < 2 * page_limit)
    page_slots <<= 1;
  page_table = calloc(page_slots, sizeof *page_table);
  if (!page_table)
    page_limit = 0;
}

static size_t hash_address(uintptr_t base) {
  uint64_t h = (uint64_t)(base / SHADOW_PAGE_SIZE) * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 17);
}

static void warn_shadow_full(void) {
  if (shadow_full)
    return;
  shadow_full = 1;
  fprintf(stderr,
          "hotlayout: shadow full (%zu pages of 4 KiB); bytes beyond it are "
          "not checked and count as changed (raise HOTLAYOUT_SHADOW_PAGES)\n",
          page_limit);
}

/* The shadow page of \p base (4 KiB aligned), or null when it has none and
 * \p create is zero, or when the shadow is full. */
static struct shadow_page *find_page(uintptr_t base, int create) {
  if (!page_table)
    return NULL;
  size_t slot = hash_address(base) & (page_slots - 1);
  for (; page_table[slot]; slot = (slot + 1) & (page_slots - 1))
    if (page_table[slot]->base == base)
      return page_table[slot];
  if (!create)
    return NULL;
  struct shadow_page *page = NULL;
  if (page_count < page_limit)
    page = calloc(1, sizeof *page);
  if (!page) {
    warn_shadow_full();
    return NULL;
  }
  page->base = base;
  page_table[slot] = page;
  ++page_count;
  return page;
}

static int is_valid(const struct shadow_page *page, size_t off) {
  return (page->valid[off / 64] >> (off % 64)) & 1;
}

/*===-- Walking a range page by page --------------------------------------===*/

/* One piece of a range that lies inside a single 4 KiB shadow page. */
struct chunk {
  uintptr_t base;  /* the page */
  size_t off, end; /* [off, end) within the page */
};

/* Splits [*cursor, end) at the next page boundary; returns 0 when done. */
static int next_chunk(uintptr_t *cursor, uintptr_t end, struct chunk *c) {
  if (*cursor >= end)
    return 0;
  c->base = *cursor & ~(uintptr_t)(SHADOW_PAGE_SIZE - 1);
  c->off = *cursor - c->base;
  uintptr_t page_end = c->base + SHADOW_PAGE_SIZE;
  uintptr_t stop = (page_end < c->base || page_end > end) ? end : page_end;
  c->end = c->off + (stop - *cursor);
  *cursor = stop;
  return 1;
}

/* Snapshots one chunk and returns how many of its bytes differed from (or
 * had no) snapshot. Reads the program's bytes, never writes them. */
static uint64_t update_chunk(const struct chunk *c, const char *site) {
  struct shadow_page *page = find_page(c->base, 1);
  if (!page)
    return c->end - c->off;
  const unsigned char *mem = (const unsigned char *)c->base;
  uint64_t changed = 0;
  for (size_t i = c->off; i < c->end; ++i) {
    unsigned char now = mem[i];
    if (!is_valid(page, i) || page->bytes[i] != now)
      ++changed;
    page->bytes[i] = now;
    page->valid[i / 64] |= (uint64_t)1 << (i % 64);
  }
  for (size_t l = c->off / SHADOW_LINE_SIZE;
       l <= (c->end - 1) / SHADOW_LINE_SIZE; ++l)
    page->line_site[l] = site;
  return changed;
}

/* Called with rt_lock held: snapshots [begin, end), returns the bytes that
 * changed since their last snapshot. */
static uint64_t update_range(uintptr_t begin, uintptr_t end, const char *site) {
  init_shadow();
  uint64_t changed = 0;
  struct chunk c;
  while (next_chunk(&begin, end, &c))
    changed += update_chunk(&c, site);
  return changed;
}

/* Called with rt_lock held: how many bytes of [begin, end) differ from (or
 * have no) snapshot. Reads only; the snapshot stays as it is. */
static uint64_t count_changed(uintptr_t begin, uintptr_t end) {
  init_shadow();
  uint64_t changed = 0;
  struct chunk c;
  while (next_chunk(&begin, end, &c)) {
    const struct shadow_page *page = find_page(c.base, 0);
    if (!page) {
      changed += c.end - c.off;
      continue;
    }
    const unsigned char *mem = (const unsigned char *)c.base;
    for (size_t i = c.off; i < c.end; ++i)
      changed += !is_valid(page, i) || page->bytes[i] != mem[i];
  }
  return changed;
}

/*===-- Check mode --------------------------------------------------------===*/

static void report_unflushed(uintptr_t addr, const char *elided,
                             const char *witness) {
  fprintf(stderr,
          "hotlayout: redundant flush at %s was needed: byte %p was never "
          "flushed (the flush at %s was expected to cover it)\n",
          elided, (void *)addr, witness);
  abort();
}

static void report_changed(const struct shadow_page *page, size_t off,
                           const char *elided, const char *witness) {
  const unsigned char *mem = (const unsigned char *)page->base;
  const char *last = page->line_site[off / SHADOW_LINE_SIZE];
  fprintf(stderr,
          "hotlayout: redundant flush at %s was needed: byte %p changed since "
          "the flush at %s\n",
          elided, (void *)(page->base + off), witness);
  fprintf(stderr, "hotlayout: note: flushed value 0x%02x, now 0x%02x",
          page->bytes[off], mem[off]);
  /* A later kept flush may have re-snapshotted the line: say so, since the
   * value above is then from that flush, not from the witness. */
  if (last && strcmp(last, witness) != 0)
    fprintf(stderr, "; the line was last flushed at %s", last);
  fputc('\n', stderr);
  abort();
}

/* Called with rt_lock held; aborts on the first bad byte of the chunk. */
static void check_chunk(const struct chunk *c, const char *elided,
                        const char *witness) {
  const struct shadow_page *page = find_page(c->base, 0);
  if (!page) {
    /* With a full shadow, a missing page proves nothing. */
    if (!shadow_full)
      report_unflushed(c->base + c->off, elided, witness);
    return;
  }
  const unsigned char *mem = (const unsigned char *)c->base;
  for (size_t i = c->off; i < c->end; ++i) {
    if (!is_valid(page, i))
      report_unflushed(c->base + i, elided, witness);
    if (page->bytes[i] != mem[i])
      report_changed(page, i, elided, witness);
  }
}

void __hotlayout_flush_record(const void *begin, const void *end,
                              const char *site) {
  pthread_mutex_lock(&rt_lock);
  update_range((uintptr_t)begin, (uintptr_t)end, site);
  pthread_mutex_unlock(&rt_lock);
}

void __hotlayout_flush_check(const void *begin, const void *end,
                             const char *elided_site,
                             const char *witness_site) {
  uintptr_t cursor = (uintptr_t)begin;
  struct chunk c;
  pthread_mutex_lock(&rt_lock);
  init_shadow();
  while (next_chunk(&cursor, (uintptr_t)end, &c))
    check_chunk(&c, elided_site, witness_site);
  pthread_mutex_unlock(&rt_lock);
}

/*===-- Profile mode ------------------------------------------------------===*/

static size_t hash_string(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return (size_t)h;
}

/* Called with rt_lock held. Sites are compared by content: two modules may
 * each carry their own copy of the same location string. */
static struct site_stats *find_site(const char *site) {
  if (!site_table)
    return &other_sites;
  size_t slot = hash_string(site) & (site_slots - 1);
  for (; site_table[slot].site; slot = (slot + 1) & (site_slots - 1))
    if (site_table[slot].site == site || !strcmp(site_table[slot].site, site))
      return &site_table[slot];
  if (site_count >= HOTLAYOUT_RT_MAX_SITES)
    return &other_sites;
  ++site_count;
  site_table[slot].site = site;
  return &site_table[slot];
}

/* Site strings come from file names: keep the TSV one row per site. */
static void put_field(const char *s, FILE *out) {
  for (; *s; ++s)
    fputc(*s == '\t' || *s == '\n' ? ' ' : *s, out);
}

static int compare_sites(const void *a, const void *b) {
  const struct site_stats *x = *(const struct site_stats *const *)a;
  const struct site_stats *y = *(const struct site_stats *const *)b;
  return strcmp(x->site, y->site);
}

static FILE *open_profile(void) {
  const char *path = getenv("HOTLAYOUT_PROFILE");
  if (!path || !*path)
    return stderr;
  FILE *out = fopen(path, "w");
  if (out)
    return out;
  fprintf(stderr,
          "hotlayout: cannot write profile '%s': %s; writing it to "
          "stderr\n",
          path, strerror(errno));
  return stderr;
}

static void write_profile(void) {
  pthread_mutex_lock(&rt_lock);
  size_t n = 0;
  struct site_stats **rows = malloc((site_count + 1) * sizeof *rows);
  if (!rows) {
    pthread_mutex_unlock(&rt_lock);
    fputs("hotlayout: out of memory writing the flush profile\n", stderr);
    return;
  }
  for (size_t i = 0; i < site_slots; ++i)
    if (site_table[i].site)
      rows[n++] = &site_table[i];
  if (other_sites.calls)
    rows[n++] = &other_sites;
  qsort(rows, n, sizeof *rows, compare_sites);
  FILE *out = open_profile();
  fputs("site\tcalls\tbytes_requested\tbytes_changed\tbytes_skippable\t"
        "bytes_skippable_changed\n",
        out);
  for (size_t i = 0; i < n; ++i) {
    put_field(rows[i]->site, out);
    fprintf(out, "\t%llu\t%llu\t%llu\t%llu\t%llu\n",
            (unsigned long long)rows[i]->calls,
            (unsigned long long)rows[i]->bytes_requested,
            (unsigned long long)rows[i]->bytes_changed,
            (unsigned long long)rows[i]->bytes_skippable,
            (unsigned long long)rows[i]->bytes_skippable_changed);
  }
  if (out != stderr)
    fclose(out);
  free(rows);
  pthread_mutex_unlock(&rt_lock);
}

/* Called with rt_lock held. The table is only allocated (and the exit hook
 * only registered) by programs that profile. */
static void init_profile(void) {
  if (profile_ready)
    return;
  profile_ready = 1;
  site_slots = 1;
  while (site_slots < 2 * HOTLAYOUT_RT_MAX_SITES)
    site_slots <<= 1;
  site_table = calloc(site_slots, sizeof *site_table);
  if (!site_table)
    site_slots = 0;
  if (atexit(write_profile))
    fputs("hotlayout: cannot register the profile writer; no profile will "
          "be written\n",
          stderr);
}

void __hotlayout_flush_profile(const void *begin, const void *end,
                               const char *site) {
  uintptr_t b = (uintptr_t)begin, e = (uintptr_t)end;
  pthread_mutex_lock(&rt_lock);
  init_profile();
  struct site_stats *stats = find_site(site);
  ++stats->calls;
  if (e > b) {
    stats->bytes_requested += e - b;
    stats->bytes_changed += update_range(b, e, site);
  }
  pthread_mutex_unlock(&rt_lock);
}

void __hotlayout_flush_profile_skip(const void *begin, const void *end,
                                    const char *site) {
  uintptr_t b = (uintptr_t)begin, e = (uintptr_t)end;
  pthread_mutex_lock(&rt_lock);
  init_profile();
  struct site_stats *stats = find_site(site);
  if (e > b) {
    stats->bytes_skippable += e - b;
    stats->bytes_skippable_changed += count_changed(b, e);
  }
  pthread_mutex_unlock(&rt_lock);
}
