// A narrowed flush whose remainder is empty at run time flushes nothing, and
// never passes a flush an inverted range or sys_icache_invalidate a negative
// length turned huge. jit() flushes [code, code+pos) and then the whole
// [code, code+size) with __clear_cache, and the same with
// sys_icache_invalidate; flushelim narrows each second flush to
// [code+pos, code+size). With pos >= size (the program filled the buffer)
// nothing is left; the stand-ins (another file, so flushelim sees only their
// declarations) abort on an inverted or out-of-buffer range and print each
// call.
//
// Twin (same program, pos < size): the piece [code+pos, code+size) is
// flushed, once per primitive.
//
// REQUIRES: x86_64-host
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -DSTANDINS -c %s -o %t/standins.o
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=flushelim -c %s -o %t/jit.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// RUN: %clang %t/jit.o %t/standins.o -o %t/jit
// RUN: %t/jit 4096 4096 | FileCheck %s --check-prefix=EMPTY
// RUN: %t/jit 5000 4096 | FileCheck %s --check-prefix=EMPTY
// RUN: %t/jit 1024 4096 | FileCheck %s --check-prefix=PIECE

// REMARK-COUNT-2: remark: narrowed flush:

// EMPTY:      clear [0, {{4096|5000}})
// EMPTY-NEXT: clear-done
// EMPTY-NEXT: invalidate [0, {{4096|5000}})
// EMPTY-NEXT: invalidate-done
// EMPTY-EMPTY:

// PIECE:      clear [0, 1024)
// PIECE-NEXT: clear [1024, 4096)
// PIECE-NEXT: clear-done
// PIECE-NEXT: invalidate [0, 1024)
// PIECE-NEXT: invalidate [1024, 4096)
// PIECE-NEXT: invalidate-done

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void __clear_cache(void *begin, void *end);
void sys_icache_invalidate(void *p, size_t len);
void done(const char *what);

#ifdef STANDINS
unsigned char buffer[8192];

static void show(const char *what, uintptr_t b, uintptr_t e) {
  uintptr_t base = (uintptr_t)buffer;
  if (e < b || b < base || e > base + sizeof buffer) {
    printf("%s: bad range\n", what);
    abort();
  }
  printf("%s [%lu, %lu)\n", what, (unsigned long)(b - base),
         (unsigned long)(e - base));
}
void __clear_cache(void *begin, void *end) {
  show("clear", (uintptr_t)begin, (uintptr_t)end);
}
void sys_icache_invalidate(void *p, size_t len) {
  show("invalidate", (uintptr_t)p, (uintptr_t)p + len);
}
void done(const char *what) { printf("%s-done\n", what); }
#else
extern unsigned char buffer[8192];

__attribute__((noinline)) static void jit(unsigned char *code, size_t pos,
                                          size_t size) {
  __clear_cache(code, code + pos);
  __clear_cache(code, code + size);
  done("clear");
  sys_icache_invalidate(code, (uint32_t)pos);
  sys_icache_invalidate(code, (uint32_t)size);
  done("invalidate");
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  jit(buffer, strtoul(argv[1], NULL, 0), strtoul(argv[2], NULL, 0));
  return 0;
}
#endif
