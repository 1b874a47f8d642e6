; REQUIRES: x86-registered
;
; A loop profile that is not a regular file stops the build with an error
; naming it (issue 32's hostile inputs, on the plugin's side):
; -hotalign-loop-profile=/dev/zero read until memory ran out and LLVM
; aborted the compile with "LLVM ERROR: out of memory" and a stack dump; a
; pipe would block, a directory failed with a bare "Is a directory". Under a
; 2 GiB ceiling, each is refused with what it is, like the CLI's inputs.
; Negative twin: the same profile as a regular file compiles.
;
; RUN: rm -rf %t && mkdir %t %t/dir
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' 'function f' 'block 0 10' > %t/good.txt
; RUN: not %hostile limit 2048 -- %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -basic-block-address-map -hotalign-loop-profile=/dev/zero %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=ZERO %s
; RUN: not %hostile limit 2048 -- %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -basic-block-address-map -hotalign-loop-profile=%t/dir %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=DIR %s
; RUN: %hostile limit 2048 -- %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -basic-block-address-map -hotalign-loop-profile=%t/good.txt %s -o %t/good.s 2>&1 \
; RUN:   | count 0
; RUN: FileCheck --check-prefix=GOOD %s < %t/good.s

; ZERO: error: hotalign: loop profile '/dev/zero' is a character device, not a regular file; pass the file `hotlayout loops` wrote
; ZERO-NOT: LLVM ERROR
; DIR: error: hotalign: loop profile '{{.*}}dir' is a directory, not a regular file; pass the file `hotlayout loops` wrote
; GOOD: f:

define void @f() {
  ret void
}
