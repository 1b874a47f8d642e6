; In line-start mode a loop whose source asks for an alignment
; (llvm.loop.align, from [[clang::code_align(32)]]) keeps it: block
; placement's `.p2align 5`, and a missed remark naming the request.
;
; Negative twin: @hot, the same loop without the request, starts a line.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start %s -o %t.s 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: its source asks for alignment 32 (llvm.loop.align){{$}}
; CHECK-NOT: remark:
; CHECK-LABEL: hot:
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB0_1: # %loop
; CHECK-LABEL: asks:
; CHECK-NOT: .p2align 6
; CHECK: .p2align 5{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .LBB1_1: # %loop
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

define void @asks(ptr %a, i64 %n) {
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
  br i1 %done, label %exit, label %loop, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.align", i32 32}
