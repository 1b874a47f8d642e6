; Found by test/fuzz/loop_fuzz.py (x86 seed 1003, case 13), reduced by
; llvm-reduce: a loop whose flush goes is deleted while a later loop's
; narrowing was planned to compute its bounds before the terminator of a
; block of the deleted loop (and the deleted loop's guard branch was erased
; under a planned test of its condition). flushelim then read freed
; instructions and emitted IR that failed the verifier. Now the plan names
; the block, a narrowing whose block goes is dropped with it, a dead
; condition goes only after narrowing, and bounds are no longer hoisted
; into another loop (here the block before each stride-128 loop is a latch
; of the loop before it: code there would run on every iteration of that
; loop). Both stride-128 loops are narrowed, their bounds computed at the
; flush; the loop of null flushes goes.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -verify-each -S %s \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK:      removed redundant clflush
; REMARK-NEXT: narrowed flush: {{.*}} of 1 bytes already flushed by the clflush loop
; REMARK-NEXT: narrowed flush: {{.*}} of 1 bytes already flushed by the clflush loop
; REMARK-NOT:  remark

; CHECK-LABEL: define void @case13(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %3){{$}}
; CHECK-NOT:     call void @llvm.x86.sse2.clflush(ptr null)
; CHECK-COUNT-2: call void @llvm.x86.sse2.clflush(ptr %{{[0-9]+}}), !hotlayout.narrowed
; CHECK-NOT:     call void @llvm.x86.sse2.clflush(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: nounwind
declare void @llvm.x86.sse2.clflush(ptr) #0

define void @case13(ptr %0) {
  br i1 true, label %2, label %6

2:                                                ; preds = %2, %1
  %3 = phi ptr [ %4, %2 ], [ null, %1 ]
  tail call void @llvm.x86.sse2.clflush(ptr %3)
  %4 = getelementptr i8, ptr %3, i64 16
  %5 = icmp ult ptr %4, %0
  br i1 %5, label %2, label %11

6:                                                ; preds = %11, %1
  br label %7

7:                                                ; preds = %7, %6
  tail call void @llvm.x86.sse2.clflush(ptr null)
  br i1 false, label %7, label %8, !llvm.loop !0

8:                                                ; preds = %8, %7
  %9 = phi ptr [ %10, %8 ], [ null, %7 ]
  tail call void @llvm.x86.sse2.clflush(ptr %9)
  %10 = getelementptr i8, ptr %9, i64 128
  br label %8

11:                                               ; preds = %11, %2
  %12 = phi ptr [ %13, %11 ], [ null, %2 ]
  tail call void @llvm.x86.sse2.clflush(ptr %12)
  %13 = getelementptr i8, ptr %12, i64 128
  br i1 false, label %11, label %6
}

attributes #0 = { nounwind }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
