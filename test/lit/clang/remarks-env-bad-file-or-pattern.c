// A remarks file that cannot be opened stops the compile with an error naming
// it (the remarks asked for would otherwise be lost without a word), and a
// -hotlayout-remarks pattern that is not a regular expression is rejected
// where HOTLAYOUT_OPTIONS is read, naming the option.
//
// REQUIRES: x86-registered
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env "HOTLAYOUT_OPTIONS=-hotlayout-remarks=flushelim -hotlayout-remarks-file=%t/no/such/dir/r.txt" \
// RUN:   not %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not test -e %t/x.o
// RUN: env "HOTLAYOUT_OPTIONS=-hotlayout-remarks=flush(" not %clang \
// RUN:   --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin -c %s \
// RUN:   -o %t/y.o 2>&1 | FileCheck %s --check-prefix=PATTERN
//
// Negative twin: a writable file and a good pattern compile, and write.
// RUN: env "HOTLAYOUT_OPTIONS=-hotlayout-remarks=flush(elim) -hotlayout-remarks-file=%t/r.txt" \
// RUN:   %clang --target=x86_64-unknown-linux-gnu -O2 -fpass-plugin=%plugin \
// RUN:   -c %s -o %t/z.o
// RUN: FileCheck %s --check-prefix=GOOD < %t/r.txt

// FILE: error: -hotlayout-remarks-file: cannot open '{{.*}}/no/such/dir/r.txt': {{.+}}; give a writable path, or leave the option out for stderr
// PATTERN: for the --hotlayout-remarks option: 'flush(' is not a regular expression
// PATTERN: HOTLAYOUT_OPTIONS: bad value in '-hotlayout-remarks=flush('
// GOOD: remark: removed redundant llvm.clear_cache

void twice(char *code, unsigned long n) {
  __builtin___clear_cache(code, code + n);
  __builtin___clear_cache(code, code + n);
}
