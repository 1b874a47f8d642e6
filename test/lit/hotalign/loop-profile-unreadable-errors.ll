; REQUIRES: x86-registered
;
; A loop profile hotalign cannot read stops the build with the file, line
; and what is wrong: falling back to the compiler's counts would quietly
; undo what the user asked for.
; Negative twin: a well-formed profile compiles.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' 'function f' 'loop 1 2 3' > %t/short.txt
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/short.txt %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=SHORT %s
; RUN: printf '%%s\n' 'hotlayout-loop-profile 2' > %t/v2.txt
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/v2.txt %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=VERSION %s
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/missing.txt %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=MISSING %s
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' 'function f' 'threshold 5' > %t/late.txt
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/late.txt %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=LATE %s
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' 'threshold 9' 'function f' 'block 1 10' \
; RUN:   'loop 1 9 1 1 1' > %t/good.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/good.txt %s -o %t/good.s
; RUN: FileCheck --check-prefix=GOOD %s < %t/good.s

; SHORT: error: hotalign: {{.*}}short.txt:3: expected `loop <target-id> <taken> <entries> <fallin> <hot 0|1>` after a function
; VERSION: error: hotalign: {{.*}}v2.txt:1: loop profile version '2' (this hotalign reads version 1)
; MISSING: error: hotalign: loop profile '{{.*}}missing.txt' cannot be read: {{[Nn]}}o such file or directory; pass the file `hotlayout loops` wrote
; LATE: error: hotalign: {{.*}}late.txt:3: expected `threshold <count>` before the functions
; GOOD: f:

define void @f() {
  ret void
}
