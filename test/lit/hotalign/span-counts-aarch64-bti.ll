; REQUIRES: aarch64-registered
; Regression test (was a hotalign bug): on AArch64 hotalign measures the span
; before passes that still add code to it: "AArch64 Branch Targets" (a
; 4-byte `bti j` on every address-taken or jump-table block), SLS hardening
; (`dsb sy; isb` after indirect branches) and branch relaxation all run
; after it. Here the loop header is address-taken and gets `bti j`: the
; real loop is 24 bytes, the remark says "span 20 bytes, ... max-skip 19".
; Starting at 0x2c the loop needs 20 bytes of padding, more than the
; max-skip, is not padded, and straddles 0x40. The estimate now accounts for this.
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -filetype=obj %s -o %t.o \
; RUN:   2> %t.r
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.r

target triple = "aarch64-unknown-linux-gnu"

; bti c (0x0), nine words of data, cbz (0x28): the loop would start at 0x2c.
; CHECK-LABEL: <scale>:
; CHECK: {{^ *}}28: cbz x1,
; CHECK-NEXT: {{^ *}}2c: nop
; CHECK: {{^ *}}40: bti j
; CHECK-NEXT: {{^ *}}44: ldr w8, [x0]
; CHECK: {{^ *}}54: b.ne 0x40

; The span covers at least the 24 real bytes: max-skip = max(span - 1, 23).
; REMARK: aligned hot loop at %bb.{{[0-9]+}}: [[#SPAN:]] hot bytes,
; REMARK-SAME: max-skip [[#max(SPAN-1,23)]]{{$}}

@resume = global ptr blockaddress(@scale, %loop)

define void @scale(ptr %a, i64 %n) #0 {
entry:
  call void asm sideeffect ".fill 9, 4, 0xd4200000", ""()
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; LLVM 19 reads the function attribute, LLVM 22 the module flag.
attributes #0 = { "branch-target-enforcement"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 8, !"branch-target-enforcement", i32 1}
