// A computed-goto interpreter like Lua's luaV_execute: every handler jumps
// back (directly) to one dispatch block, which fetches the next opcode and
// jumps through a table of label addresses. BOLT marks interp() as having
// unknown control flow and leaves it uninstrumented.
// `computed-goto N`: runs a 6-instruction program N times, 3 times over
// (N = 0: interp() is never called).
#include <stdio.h>
#include <stdlib.h>

enum { OP_ADD, OP_SUB, OP_DEC, OP_JNZ, OP_HALT };

volatile int Trace;
__attribute__((noinline)) void traceOp(int Op) { printf("op %d\n", Op); }

__attribute__((noinline)) long interp(const unsigned char *Code, long N) {
  static void *const Labels[] = {&&add, &&sub, &&dec, &&jnz, &&halt};
  long Acc = 0, Ctr = N;
  const unsigned char *PC = Code;
  unsigned Op;
dispatch:
  Op = *PC++;
  if (__builtin_expect(Trace, 0))
    traceOp(Op);
  goto *Labels[Op];
add:
  Acc += 3;
  goto dispatch;
sub:
  Acc -= 1;
  goto dispatch;
dec:
  --Ctr;
  goto dispatch;
jnz:
  if (Ctr != 0)
    PC = Code;
  goto dispatch;
halt:
  return Acc;
}

int main(int Argc, char **Argv) {
  static const unsigned char Code[] = {OP_ADD, OP_SUB, OP_ADD,
                                       OP_DEC, OP_JNZ, OP_HALT};
  long N = Argc > 1 ? atol(Argv[1]) : 1000;
  long S = 0;
  for (int K = 0; N > 0 && K < 3; ++K)
    S += interp(Code, N);
  printf("%ld\n", S);
  return 0;
}
