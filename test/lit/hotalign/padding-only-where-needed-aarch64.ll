; REQUIRES: aarch64-registered
;
; The AArch64 form of padding-only-where-needed.ll. Words of inline-asm data
; before the loop put its 20-byte body (5 instructions) at a known offset:
; it fits in one line when it starts at 0..44.
;
;   function          loop would start  with hotalign
;   fits_at_44        0x2c              no nop, at 0x2c (ends exactly at 0x40)
;   straddles_at_48   0x30              four nops, at 0x40
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -mtriple=aarch64-linux-gnu -function-sections \
; RUN:   -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
; Negative twin: LLVM alone (no loop alignment on generic AArch64) leaves the
; second loop straddling 0x40.
; RUN: %llc -mtriple=aarch64-linux-gnu -function-sections -filetype=obj %s \
; RUN:   -o %t.llvm.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.llvm.o | FileCheck %s --check-prefix=LLVM

; CHECK-LABEL: <fits_at_44>:
; CHECK: {{^ *}}28: cbz x1, 0x40
; CHECK-NEXT: {{^ *}}2c: ldr w8, [x0]
; CHECK: {{^ *}}3c: b.ne 0x2c
; CHECK-NEXT: {{^ *}}40: ret

; CHECK-LABEL: <straddles_at_48>:
; CHECK: {{^ *}}2c: cbz x1, 0x54
; CHECK-NEXT: {{^ *}}30: nop
; CHECK-NEXT: {{^ *}}34: nop
; CHECK-NEXT: {{^ *}}38: nop
; CHECK-NEXT: {{^ *}}3c: nop
; CHECK-NEXT: {{^ *}}40: ldr w8, [x0]
; CHECK: {{^ *}}50: b.ne 0x40
; CHECK-NEXT: {{^ *}}54: ret

; LLVM-LABEL: <straddles_at_48>:
; LLVM: {{^ *}}2c: cbz x1, 0x44
; LLVM-NEXT: {{^ *}}30: ldr w8, [x0]
; LLVM: {{^ *}}40: b.ne 0x30

define void @fits_at_44(ptr %a, i64 %n) {
entry:
  call void asm sideeffect ".fill 10, 4, 0xd4200000", ""()
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

define void @straddles_at_48(ptr %a, i64 %n) {
entry:
  call void asm sideeffect ".fill 11, 4, 0xd4200000", ""()
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
