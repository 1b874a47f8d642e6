/* A writer's store loop, then its clflush loop over the bytes it stored:
 * clang merges the two loops' guards (n > 0), so the flush loop is entered
 * only through the store loop's exit, and the path around both starts at
 * their common guard (clang 19 tests n > 0 once more after the store loop).
 * A flush after the join can count on the flush loop only "if it ran".
 */
#include <immintrin.h>

void write_code(char *code, long n, char v);

/* The make-executable step flushes the whole buffer: each of its lines is
 * skipped at run time when the writer's loop ran and flushed it. */
void whole_buffer(char *code, long n, long size, char v) {
  for (long i = 0; i < n; i++)
    code[i] = (char)(v + i * 7);
  for (long i = 0; i < n; i += 64)
    _mm_clflush(code + i);
  for (long i = 0; i < size; i += 64)
    _mm_clflush(code + i);
}

/* Twin: the writer patches its first byte after its flush loop, inside the
 * merged guard: the whole-buffer loop must flush every line. */
void whole_buffer_patched(char *code, long n, long size, char v) {
  for (long i = 0; i < n; i++)
    code[i] = (char)(v + i * 7);
  for (long i = 0; i < n; i += 64)
    _mm_clflush(code + i);
  if (n > 0)
    code[0] = v;
  for (long i = 0; i < size; i += 64)
    _mm_clflush(code + i);
}

/* One clflush of the entry line after the join: skipped when the writer's
 * loop ran (its first line is the entry's). */
void entry_line(char *code, long n, char v) {
  for (long i = 0; i < n; i++)
    code[i] = (char)(v + i * 7);
  for (long i = 0; i < n; i += 64)
    _mm_clflush(code + i);
  _mm_clflush(code);
}
