// clang 19 parses -mllvm options before it loads -fpass-plugin plugins, so
// with -fpass-plugin alone flushelim's option is rejected; loading the .so
// early with -fplugin= as well fixes that (mllvm-option-with-fplugin.c).
// clang 22 loads pass plugins first: mllvm-option-fpass-plugin-on-22.c.
// REQUIRES: llvm-19
//
// RUN: not %clang --target=x86_64-unknown-linux-gnu -O2 \
// RUN:   -fpass-plugin=%plugin -mllvm -flushelim-mode=profile \
// RUN:   -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: Unknown command line argument '-flushelim-mode=profile'

void flush(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
}
