; REQUIRES: aarch64-registered
;
; The AArch64 form of static-hot-loop-aligned.ll: sizes come from the target's
; own table (getInstSizeInBytes), so the hot bytes are exact: ldr, subs, add,
; str, b.ne = 5 x 4 = 20 bytes; the loop starts a line, `.p2align 6, , 63`.
;
; Negative twin: @rare's back edge is taken half the time (1.0x per loop entry):
; cold, so no alignment and a missed remark.
;
; RUN: %llc -load=%plugin -mtriple=aarch64-linux-gnu -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.s 2> %t.remarks
; RUN: cat %t.remarks %t.s | FileCheck %s

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 20 hot bytes,
; CHECK-SAME: back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: cold: iterates 1.0 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NOT: remark:

; CHECK-LABEL: hot:
; CHECK: cbz x1, .LBB0_2
; CHECK-NEXT: .p2align 6, , 63{{$}}
; CHECK-NEXT: .LBB0_1: // %loop
; CHECK-NEXT: // =>This Inner Loop Header: Depth=1
; CHECK-NEXT: ldr
; CHECK-NEXT: subs
; CHECK-NEXT: add
; CHECK-NEXT: str
; CHECK-NEXT: b.ne .LBB0_1
; CHECK-NEXT: .LBB0_2: // %exit

; CHECK-LABEL: rare:
; CHECK-NOT: .p2align 6
; CHECK: .LBB1_1: // %loop
; CHECK-NOT: .p2align 6
; CHECK: .Lfunc_end1:

define void @hot(ptr %a, i64 %n) {
entry:
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

define void @rare(ptr %a, i64 %n) {
entry:
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
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 1}
