; Regression test (was a hotalign precision bug): on x86 every branch that
; leaves the span is sized as rel32 (+4 bytes) although the assembler uses
; rel8 when the target is near. This 13-byte loop (cmpl, je out, incq, cmpq,
; jne) is estimated at 17 ("span 17 bytes, ... max-skip 16"), so at start
; offsets 48..51, where it fits in its line, hotalign still has 13..16 bytes
; of nops inserted: at 0x30 below, 16 bytes that LLVM's own 16-byte loop
; alignment would not have added. The issue asks for padding only where the
; span would otherwise touch an extra line. The estimate now accounts for this.
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
; Negative twin: LLVM alone leaves the loop at 0x30 (already 16-aligned).
; RUN: %llc -filetype=obj %s -o %t.llvm.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.llvm.o | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; 41 bytes of int3, testq, je, xorl: the loop starts at 0x30 and ends at
; 0x3d, inside the line.
; CHECK-LABEL: <find>:
; CHECK: {{^ *}}2e: xorl %eax, %eax
; CHECK-NEXT: {{^ *}}30: cmpl %edx, (%rdi,%rax,4)
; CHECK-NEXT: {{^ *}}33: je
; CHECK: {{^ *}}3b: jne 0x30
; CHECK-NEXT: {{^ *}}3d: movq $-0x1, %rax

define i64 @find(ptr %a, i64 %n, i32 %key) nounwind {
entry:
  call void asm sideeffect ".fill 41, 1, 0xcc", ""()
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %notfound, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %next ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %hit = icmp eq i32 %v, %key
  br i1 %hit, label %found, label %next

next:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %notfound, label %loop

found:
  ret i64 %i

notfound:
  ret i64 -1
}
