/* The clflush loop under test, exactly as a user would write it.
 *
 * run.sh compiles this one file twice: once plainly (FLUSH_FN=flush_clflush,
 * the baseline) and once with the hotlayout plugin and
 * HOTLAYOUT_OPTIONS=-flushelim-batch-clflush (FLUSH_FN=flush_batched), so
 * the two variants differ only in what the pass did to the same source.
 */
#include <immintrin.h>
#include <stddef.h>

#ifndef FLUSH_FN
#error "define FLUSH_FN (flush_clflush or flush_batched)"
#endif

void FLUSH_FN(char *buf, size_t len) {
  for (size_t off = 0; off < len; off += 64)
    _mm_clflush(buf + off);
}
