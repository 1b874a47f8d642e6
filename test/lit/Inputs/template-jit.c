// A JIT that copies its code template from one label to the next, as
// RandomX copies randomx_program_prologue .. randomx_program_loop_begin.
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

extern char tmpl_start[], tmpl_end[];
__asm__(".text\n"
        ".globl tmpl_start\n"
        "tmpl_start:\n"
        "  mov $41, %eax\n"
        "  inc %eax\n"
        ".globl tmpl_end\n"
        "tmpl_end:\n"
        "  ret\n");

__attribute__((noinline)) int run_template(void) {
  long len = tmpl_end - tmpl_start;
  if (len <= 0 || len > 64) {
    printf("template %ld bytes: not contiguous\n", len);
    return -1;
  }
  unsigned char *buf = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memcpy(buf, tmpl_start, len);
  buf[len] = 0xc3; // ret
  int r = ((int (*)(void))buf)();
  printf("template %ld bytes, result %d\n", len, r);
  return r;
}

int main(void) { return run_template() == 42 ? 0 : 1; }
