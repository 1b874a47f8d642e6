/* AArch64 cache maintenance by hand, as JITs write it: a C loop whose body
 * is one `dc cvau`, `dc civac` or `ic ivau` asm statement, over an `int`
 * index or a pointer bounded by another pointer. Each positive function
 * runs the same loop twice with nothing in between that writes the lines:
 * the second goes. Twins must keep it.
 */
#define DC_CVAU(p) __asm__ volatile("dc cvau, %0" ::"r"(p) : "memory")
#define DC_CIVAC(p) __asm__ volatile("dc civac, %0" ::"r"(p) : "memory")
#define IC_IVAU(p) __asm__ volatile("ic ivau, %0" ::"r"(p) : "memory")
#define DSB() __asm__ volatile("dsb ish" ::: "memory")

void cvau_int_twice(char *p, int n) {
  for (int i = 0; i < n; i += 64)
    DC_CVAU(p + i);
  DSB();
  for (int i = 0; i < n; i += 64)
    DC_CVAU(p + i);
  DSB();
}

void civac_pointer_twice(char *p, char *e) {
  for (char *q = p; q < e; q += 64)
    DC_CIVAC(q);
  DSB();
  for (char *q = p; q < e; q += 64)
    DC_CIVAC(q);
  DSB();
}

void ivau_long_twice(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    IC_IVAU(p + i);
  for (long i = 0; i < n; i += 64)
    IC_IVAU(p + i);
}

/* Twin: a store into the lines between the loops. */
void civac_pointer_patched(char *p, char *e) {
  for (char *q = p; q < e; q += 64)
    DC_CIVAC(q);
  p[8] = 0x1f;
  for (char *q = p; q < e; q += 64)
    DC_CIVAC(q);
}

/* Twin: dc civac cleans, so the invalidation after it is needed again. */
void ivau_civac_between(char *p, long n) {
  for (long i = 0; i < n; i += 64)
    IC_IVAU(p + i);
  for (long i = 0; i < n; i += 64)
    DC_CIVAC(p + i);
  for (long i = 0; i < n; i += 64)
    IC_IVAU(p + i);
}

/* Twin: stride 128 skips every other line. */
void civac_int_stride_128(char *p, int n) {
  for (int i = 0; i < n; i += 128)
    DC_CIVAC(p + i);
  for (int i = 0; i < n; i += 64)
    DC_CIVAC(p + i);
}

/* Twin: the whole loop in one asm statement is opaque (a remark says so);
 * the C loop after it stays. */
void civac_asm_loop(char *p, char *e) {
  char *q = p;
  __asm__ volatile("1:\n\tdc civac, %0\n\tadd %0, %0, #64\n\tcmp %0, %1\n\t"
                   "b.lo 1b"
                   : "+r"(q)
                   : "r"(e)
                   : "memory", "cc");
  for (char *r = p; r < e; r += 64)
    DC_CIVAC(r);
}
