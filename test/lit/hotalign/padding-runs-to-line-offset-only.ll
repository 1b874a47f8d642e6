; REQUIRES: x86-registered, aarch64-registered
;
; Step 9's padding before an enclosing loop (it starts K bytes into a line so
; that its nested loop fits one) runs only the nops from where the code falls
; in to that offset. Before, its block started a line and then held K bytes
; of nops: where the code fell in at most K bytes into a line, that ran a
; whole line of nops more than needed (bzip2's handle_compress: 71 bytes,
; 7 nops per entry, where 7 bytes would do; 305 k nops of its 563 k).
; Now the block starts a line only where that skips at most 63 - K bytes,
; and `.fill`s count the rest from the function's symbol, which then starts
; a line. Each function: a row loop around a 3-iteration column loop, K = 14.
;   @early:    the code falls in 10 bytes into a line: 4 bytes of nops (one
;              instruction) put the row loop at 0xe, not 68 bytes.
; Negative twins:
;   @late:     it falls in 38 bytes into a line (0x66): the block starts the
;              line 0x80 (26 bytes), then 14 bytes: as before.
;   @prefixed: prefix data sits between the function's alignment and its
;              symbol, so nothing counts from the symbol: a line start and
;              14 bytes, a line of nops more (0xd2..0x10e).
;   AArch64: a `.fill` there is data (a `$d` mapping symbol) that
;              disassemblers and llvm-bolt would take for data in the code:
;              @early keeps the line start and K bytes of NOP instructions
;              (its row loop 8 bytes into a line, at 0x48).
; In all three the row loop starts 14 bytes into a line (x86-64).
;
; RUN: %llc -load=%plugin -mtriple=aarch64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 %s -filetype=obj -o %t.a64.o
; RUN: llvm-objdump -d --no-show-raw-insn --disassemble-symbols=early \
; RUN:   %t.a64.o | FileCheck %s --check-prefix=A64
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign %s \
; RUN:   -filetype=obj -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

; REMARK-COUNT-3: loop at %bb.1 starts 14 bytes into a line so that its nested loop %bb.2 and it sit on their fewest lines

; A64-LABEL: <early>:
; A64-NOT: .word
; A64: 44: nop
; A64-NEXT: 48: mov x10, x0
; A64-NOT: .word

; CHECK-LABEL: <early>:
; CHECK: 8: xorl %ecx, %ecx
; CHECK-NEXT: a: nopl (%rax)
; CHECK-NEXT: e: movq %rdi, %r8
; CHECK: 30: jne 0xe
; CHECK-LABEL: <late>:
; CHECK: 64: xorl %ecx, %ecx
; CHECK-NEXT: 66: nopw %cs:(%rax,%rax)
; CHECK-NEXT: 70: nopw %cs:(%rax,%rax)
; CHECK-NEXT: 7a: nopw (%rax,%rax)
; CHECK-NEXT: 80: nopl (%rax,%rax)
; CHECK-NEXT: 88: nopw (%rax,%rax)
; CHECK-NEXT: 8e: movq %rdi, %r8
; CHECK-LABEL: <prefixed>:
; CHECK: d0: xorl %ecx, %ecx
; CHECK-NEXT: d2: nopw %cs:(%rax,%rax)
; CHECK: 100: nopw %cs:(%rax,%rax)
; CHECK-NEXT: 10a: nopl (%rax)
; CHECK-NEXT: 10e: movq %rdi, %r8
; CHECK: 130: jne 0x10e

@sink = global i64 0

define void @early(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !16

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}

define void @late(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  store volatile i64 1, ptr @sink
  store volatile i64 2, ptr @sink
  store volatile i64 3, ptr @sink
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !16

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}

define void @prefixed(ptr %a, i64 %n, i64 %m) prefix i64 0 !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !16

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 1000000}
!4 = !{!"MaxCount", i64 400000}
!5 = !{!"MaxInternalCount", i64 400000}
!6 = !{!"MaxFunctionCount", i64 1}
!7 = !{!"NumCounts", i64 6}
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 4}
!13 = !{i32 999999, i64 1, i32 6}
!14 = !{!"function_entry_count", i64 1}
; Column loops: exits : back edges.
!15 = !{!"branch_weights", i32 100000, i32 100000}
!16 = !{!"branch_weights", i32 100000, i32 300000}
; Row loops: 1 exit, 99999 back edges.
!17 = !{!"branch_weights", i32 1, i32 99999}
