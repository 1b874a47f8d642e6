; Padding only where needed, checked on the assembled bytes. Each function
; puts a known number of int3 bytes (inline asm) before the same hot loop, so
; the loop's start offset in its section (-function-sections: each at 0) is
; exact. The 16-byte loop may start at line offset 0..48 and stay in one
; line, the 40-byte loop at 0..24.
;
;   function         starts  fits?  hotalign           LLVM alone (.p2align 4)
;   fits_at_48       0x30    yes    no nop, at 0x30    at 0x30
;   straddles_at_49  0x31    no     nops, at 0x40      nops, at 0x40
;   fits_at_33       0x21    yes    no nop, at 0x21    nops, at 0x30
;   long_at_48       0x30    no     nops, at 0x40      at 0x30, straddles
;   long_at_1        0x07    yes    no nop, at 0x07    nops, at 0x10
;
; fits_at_48 and straddles_at_49 are the two sides of the boundary: one byte
; more size estimate would pad the first, one byte less would leave the
; second straddling.
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -function-sections -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
; Negative twin: LLVM alone, for comparison (nothing here is hotalign's).
; RUN: %llc -function-sections -filetype=obj %s -o %t.llvm.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.llvm.o | FileCheck %s --check-prefix=LLVM

target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: <fits_at_48>:
; CHECK: {{^ *}}2e: je 0x40
; CHECK-NEXT: {{^ *}}30: movl (%rdi), %eax
; CHECK: {{^ *}}3e: jne 0x30
; CHECK-NEXT: {{^ *}}40: retq

; CHECK-LABEL: <straddles_at_49>:
; CHECK: {{^ *}}2f: je 0x50
; CHECK-NEXT: {{^ *}}31: nop
; CHECK-NEXT: {{^ *}}3b: nop
; CHECK-NEXT: {{^ *}}40: movl (%rdi), %eax
; CHECK: {{^ *}}4e: jne 0x40
; CHECK-NEXT: {{^ *}}50: retq

; CHECK-LABEL: <fits_at_33>:
; CHECK: {{^ *}}1f: je 0x31
; CHECK-NEXT: {{^ *}}21: movl (%rdi), %eax
; CHECK: {{^ *}}2f: jne 0x21
; CHECK-NEXT: {{^ *}}31: retq

; CHECK-LABEL: <long_at_48>:
; CHECK: {{^ *}}2e: xorl %eax, %eax
; CHECK-NEXT: {{^ *}}30: nop
; CHECK-NEXT: {{^ *}}3a: nop
; CHECK-NEXT: {{^ *}}40: movl (%rdi,%rax,4), %ecx
; CHECK: {{^ *}}66: jne 0x40
; CHECK-NEXT: {{^ *}}68: retq

; CHECK-LABEL: <long_at_1>:
; CHECK: {{^ *}}5: xorl %eax, %eax
; CHECK-NEXT: {{^ *}}7: movl (%rdi,%rax,4), %ecx
; CHECK: {{^ *}}2d: jne 0x7
; CHECK-NEXT: {{^ *}}2f: retq

; LLVM-LABEL: <fits_at_33>:
; LLVM: {{^ *}}1f: je 0x40
; LLVM-NEXT: {{^ *}}21: nop
; LLVM: {{^ *}}30: movl (%rdi), %eax
; LLVM-LABEL: <long_at_48>:
; LLVM: {{^ *}}2e: xorl %eax, %eax
; LLVM-NEXT: {{^ *}}30: movl (%rdi,%rax,4), %ecx
; LLVM: {{^ *}}56: jne 0x30
; LLVM-LABEL: <long_at_1>:
; LLVM: {{^ *}}5: xorl %eax, %eax
; LLVM-NEXT: {{^ *}}7: nop
; LLVM-NEXT: {{^ *}}10: movl (%rdi,%rax,4), %ecx

define void @fits_at_48(ptr %a, i64 %n) {
entry:
  call void asm sideeffect ".fill 43, 1, 0xcc", ""()
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

define void @straddles_at_49(ptr %a, i64 %n) {
entry:
  call void asm sideeffect ".fill 44, 1, 0xcc", ""()
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

define void @fits_at_33(ptr %a, i64 %n) {
entry:
  call void asm sideeffect ".fill 28, 1, 0xcc", ""()
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

define void @long_at_48(ptr %a, ptr %b, i64 %n) {
entry:
  call void asm sideeffect ".fill 41, 1, 0xcc", ""()
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %w = load i32, ptr %q, align 4
  %m = mul i32 %v, 1000
  %s = add i32 %m, %w
  %x = xor i32 %s, 85
  store i32 %x, ptr %p, align 4
  %y = sub i32 %w, %v
  store i32 %y, ptr %q, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @long_at_1(ptr %a, ptr %b, i64 %n) {
entry:
  call void asm sideeffect ".fill 0, 1, 0xcc", ""()
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %w = load i32, ptr %q, align 4
  %m = mul i32 %v, 1000
  %s = add i32 %m, %w
  %x = xor i32 %s, 85
  store i32 %x, ptr %p, align 4
  %y = sub i32 %w, %v
  store i32 %y, ptr %q, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
