/* For bench/common/callgrind_loops.py: a loop whose cycle runs through the
 * fall-through of a conditional jump that is also taken once. f(n, 0) loops
 * n times and never takes the depth > 0 jump out of its loop; its recursive
 * call f(1, 1) takes it at once. callgrind writes that jump's jcnd line
 * (taken/executed: 1/1) only for the run of code in which it was taken; its
 * other executions are only in the instruction's own cost lines. -DTAKEN
 * calls f(1, 1) alone: the jump is taken every time it runs, and the loop
 * never iterates. Prints the sum. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long f(long n, int depth) {
  long s = 0;
  for (long i = 0; i < n; i++) {
    if (__builtin_expect(depth > 0, 0)) {
      s -= 1;
      break;
    }
    s += i ^ (s >> 3);
  }
  if (depth == 0)
    s += f(1, 1);
  return s;
}

int main(int argc, char **argv) {
#ifdef TAKEN
  printf("%ld\n", f(1, 1));
#else
  printf("%ld\n", f(argc > 1 ? atol(argv[1]) : 1000, 0));
#endif
  return 0;
}
