/* callgrind-loops-code-outside-text.test: a loop in a function that sits in a section of
 * its own, outside .text (as llvm-bolt's .text.cold and .bolt.org.text do), beside the same
 * loop in .text. valgrind files only .text under the binary's object: the other section's
 * code runs under no object ("???") at its run-time address, under its symbol's name
 * (demangled, for C++: there sum is a template over a nested template, which valgrind and
 * llvm-cxxfilt space differently, "W<W<int> >" and "W<W<int>>"). -DIN_TEXT: both in .text.
 * -DRECURSIVE (C): sum calls itself once, and callgrind names the inner run "sum'2". */
#include <stdio.h>
#include <stdlib.h>

#ifdef IN_TEXT
#define PLACE
#else
#define PLACE __attribute__((section("othertext")))
#endif

#ifdef __cplusplus
template <class T> struct W {};
template <class T>
__attribute__((noinline)) PLACE long sum(W<W<T>>, long n) {
#elif defined RECURSIVE
__attribute__((noinline)) PLACE long sum(long n, int again) {
#else
__attribute__((noinline)) PLACE long sum(long n) {
#endif
  long s = 0;
#if defined RECURSIVE && !defined __cplusplus
  if (again)
    s = sum(n, 0);
#endif
  for (long i = 0; i < n; ++i)
    s += (i * i) ^ (s >> 3);
  return s;
}

__attribute__((noinline)) long twice(long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += (i * i) ^ (s >> 3);
  return s;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
#ifdef __cplusplus
  printf("%ld %ld\n", sum(W<W<int>>(), n), twice(n));
#elif defined RECURSIVE
  printf("%ld %ld\n", sum(n, 1), twice(n));
#else
  printf("%ld %ld\n", sum(n), twice(n));
#endif
  return 0;
}
