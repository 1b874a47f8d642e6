; Line-start mode keeps hotalign's hotness rules: a cold loop is left with
; LLVM's alignment and reported as cold. @rare's back edge is taken half the
; time (1.0x per loop entry, under the 2 iterations per entry a hot loop
; needs).
;
; Negative twin: @hot, the same loop run ~20x per entry, starts a line.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start %s -o %t.s 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: cold: iterates 1.0 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NOT: remark:
; CHECK-LABEL: hot:
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB0_1: # %loop
; CHECK-LABEL: rare:
; CHECK-NOT: .p2align 6
; CHECK: .LBB1_1: # %loop
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
