// HOTLAYOUT_OPTIONS only sets hotlayout's own options: anything else (which
// could silently change the host's optimisation) is an error naming the
// offending word, as are unknown hotlayout options and bad values. The
// compile stops instead of going on with options the user did not get.
//
// RUN: env HOTLAYOUT_OPTIONS=-inline-threshold=5 not %clang -O2 \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=FOREIGN %s
// FOREIGN: HOTLAYOUT_OPTIONS: '-inline-threshold=5' is not a hotlayout option
//
// RUN: env "HOTLAYOUT_OPTIONS=-flushelim-mode=check -flushelim-no-such-option" \
// RUN:   not %clang -O2 -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null \
// RUN:   2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: HOTLAYOUT_OPTIONS: '-flushelim-no-such-option' is not a hotlayout option
//
// RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=sometimes not %clang -O2 \
// RUN:   -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=BADVALUE %s
// BADVALUE: HOTLAYOUT_OPTIONS: bad value in '-flushelim-mode=sometimes'

void flush(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
}
