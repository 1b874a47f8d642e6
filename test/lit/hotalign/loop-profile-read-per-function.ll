; REQUIRES: x86-registered
;
; A compile reads the loop profile's records of its own module's functions
; only (every compile of a program reads the file, and needs a few of its
; functions): a damaged record of a function this module does not define
; is not this compile's to read, and it compiles.
; Negative twin: the same damage in a function the module defines stops the
; build, naming the file and line, as a damaged file always did.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' 'function other' 'block 1 x' \
; RUN:   'function f' 'block 0 10' > %t/other.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/other.txt %s -o %t/other.s
; RUN: FileCheck --check-prefix=OTHER %s < %t/other.s
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' 'function other' 'block 1 10' \
; RUN:   'function f' 'block 0 x' > %t/own.txt
; RUN: not %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/own.txt %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=OWN %s

; OTHER: f:
; OWN: error: hotalign: {{.*}}own.txt:5: expected `block <id> <count>` after a function

define void @f() {
  ret void
}
