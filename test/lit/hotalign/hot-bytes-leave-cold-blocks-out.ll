; A loop's hot bytes are the blocks of its span that run on at least 1/8 of
; its iterations (the definition's HotByteDivisor): a cold block laid out
; inside the span is part of the span but not of the hot bytes, which are what
; hotalign estimates, calls tight or not, and places. With block placement off
; the layout follows the IR: %loop, %side, %latch. @cold_side's %side runs on
; 1 of 1001 iterations: its bytes are left out. Negative twin: @hot_side's runs
; on every other iteration: its bytes count, hot bytes = span.
;
; REQUIRES: x86-registered, aarch64-registered
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -disable-block-placement \
; RUN:   -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=X86
; RUN: %llc -load=%plugin -mtriple=aarch64-linux-gnu -disable-block-placement \
; RUN:   -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=A64
;
; x86: %loop 6 bytes (movl, testl, jns), %side 11 (leal, subl, movl), %latch 9
; (addq, decq, jne).
; X86: remark: <unknown>:0:0: loop at %bb.1: back edges 31.0 per loop entry, 31.0 per fall-through entry; 15 hot bytes in a 26-byte span (estimated): hot{{$}}
; X86-NEXT: remark: <unknown>:0:0: loop at %bb.1: back edges 31.0 per loop entry, 31.0 per fall-through entry; 26 hot bytes in a 26-byte span (estimated): hot{{$}}
; X86-NOT: remark:
; AArch64, exact sizes: %loop 2 instructions (ldr, tbz), %side 3, %latch 3
; (subs, add, b.ne), 4 bytes each.
; A64: remark: <unknown>:0:0: loop at %bb.1: back edges 31.0 per loop entry, 31.0 per fall-through entry; 20 hot bytes in a 32-byte span (estimated): hot{{$}}
; A64-NEXT: remark: <unknown>:0:0: loop at %bb.1: back edges 31.0 per loop entry, 31.0 per fall-through entry; 32 hot bytes in a 32-byte span (estimated): hot{{$}}
; A64-NOT: remark:

define void @cold_side(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %side, label %latch, !prof !0

side:
  %w = mul i32 %v, 7
  store i32 %w, ptr %p, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !2

exit:
  ret void
}

define void @hot_side(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %neg = icmp slt i32 %v, 0
  br i1 %neg, label %side, label %latch, !prof !1

side:
  %w = mul i32 %v, 7
  store i32 %w, ptr %p, align 4
  br label %latch

latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !2

exit:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 1000}
!1 = !{!"branch_weights", i32 1, i32 1}
!2 = !{!"branch_weights", i32 1, i32 31}
