// End to end: profile mode shows flushes that are redundant in practice but
// not provably so. publish() flushes a 4 KiB buffer three times; 10 bytes
// change before the second call and none before the third. The site's row
// must say 3 calls, 12288 bytes requested and 4106 changed (4096 never
// flushed before + 10): the third call is the kind of flush that is
// redundant in practice though no analysis of publish() can prove it.
// Negative twin, no instrumentation without the mode: the last RUN line.
//
// REQUIRES: x86_64-host
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=profile %clang -O2 -g \
// RUN:   -fpass-plugin=%plugin %s -L%rtlib -lhotlayout_rt -lpthread -o %t
// RUN: rm -f %t.tsv
// RUN: env HOTLAYOUT_PROFILE=%t.tsv %t
// RUN: FileCheck %s --match-full-lines < %t.tsv
// RUN: %clang -O2 -g -fpass-plugin=%plugin %s -S -emit-llvm -o - \
// RUN:   | FileCheck %s --check-prefix=OFF
// CHECK:      site	calls	bytes_requested	bytes_changed	bytes_skippable	bytes_skippable_changed
// CHECK-NEXT: {{.*}}profile-mode-e2e-counts-changed-bytes.c:[[#@LINE+7]]:3 (publish)	3	12288	4106	0	0
// CHECK-EMPTY:
// OFF-NOT: __hotlayout

static char buf[4096] __attribute__((aligned(4096)));

__attribute__((noinline)) void publish(char *p) {
  __builtin___clear_cache(p, p + 4096);
}

int main(void) {
  publish(buf);
  for (int i = 0; i < 10; ++i)
    buf[i * 400] = 1;
  publish(buf);
  publish(buf);
  return 0;
}
