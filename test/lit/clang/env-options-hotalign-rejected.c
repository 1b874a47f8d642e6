// A word in HOTLAYOUT_OPTIONS that is not a hotlayout option stops clang with
// a message naming it, however the plugin is loaded: with -fplugin alone
// clang never asks for the pass-plugin info, and the codegen hook or the
// hotalign constructor finds the word (before, that compile went on). With
// -fpass-plugin the plugin's entry point finds it (env-options.c
// has the other bad words).
//
// REQUIRES: x86-registered
//
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-bogus not %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fplugin=%plugin -S %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-bogus not %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fpass-plugin=%plugin -S %s -o /dev/null \
// RUN:   2>&1 | FileCheck %s
//
// Negative twin: a good hotalign word is accepted and applied.
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-size=32 %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fplugin=%plugin -Rpass=hotalign -S %s \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=GOOD

// CHECK: HOTLAYOUT_OPTIONS: '-hotalign-bogus' is not a hotlayout option
// GOOD: remark: aligned hot loop at %bb.{{[0-9]+}}: {{.*}}, alignment 32,

void scale(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}
