; Regression test (was a hotalign bug): on x86 the size estimator gives every
; pseudo instruction the MCAsmInfo's maximum instruction length, which x86
; leaves at the default of 4 bytes. KCFI_CHECK (-fsanitize=kcfi, used by
; Linux) is a pseudo that the AsmPrinter expands to 14 bytes (movl $hash,
; %r10d; addl -4(%r14), %r10d; je; ud2). This 25-byte loop is estimated at
; 15 (remark "span 15 bytes, ... max-skip 14"), so starting at 0x28 it needs
; 24 bytes of padding, more than the max-skip, is not padded, and straddles
; 0x40. The estimate now accounts for this.
;
; The loop (movl, KCFI check, callq, incl, cmpl, jne) would start at 0x28
; after 25 bytes of int3 and the prologue; it must start at 0x40.
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -filetype=obj %s -o %t.o \
; RUN:   2> %t.r
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.r

target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: <each>:
; CHECK: xorl %ebp, %ebp
; CHECK-NEXT: nop
; CHECK: {{^ *}}40: movl %ebp, %edi
; CHECK-NEXT: movl $0xfe63f354, %r10d
; CHECK: callq *%r14
; CHECK: {{^ *}}57: jne 0x40

; The span covers at least the 25 real bytes: max-skip = max(span - 1, 24).
; REMARK: aligned hot loop at %bb.{{[0-9]+}}: [[#SPAN:]] hot bytes,
; REMARK-SAME: max-skip [[#max(SPAN-1,24)]]{{$}}

define void @each(ptr %f, i32 %n) nounwind {
entry:
  call void asm sideeffect ".fill 25, 1, 0xcc", ""()
  %nonempty = icmp sgt i32 %n, 0
  br i1 %nonempty, label %loop, label %exit

loop:
  %i = phi i32 [ %i.next, %loop ], [ 0, %entry ]
  call void %f(i32 %i) [ "kcfi"(i32 27004076) ]
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 4, !"kcfi", i32 1}
