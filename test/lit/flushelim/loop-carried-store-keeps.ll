; The in-loop flush is preceded by the pre-loop flush on the entry edge, but
; on the back edge by a store into the range from the previous iteration:
; the loop-carried write makes the in-loop flush necessary.
; Positive twin: loop-invariant-flush-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @loop_carried_store(
; CHECK:       entry:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       loop:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       store i8 -112, ptr %p
; CHECK:       ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but memory in its range may be written in between
; REMARK-NOT: removed redundant

define void @loop_carried_store(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %p = getelementptr inbounds i8, ptr %code, i64 %i
  store i8 144, ptr %p, align 1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
