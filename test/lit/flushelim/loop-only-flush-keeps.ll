; The loop flushes a loop-invariant range but nothing flushes it before the
; loop: the first iteration's flush is the only one on the entry path, so it
; stays even though, on the back edge, the range is already flushed.
; Positive twin: loop-invariant-flush-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @loop_only_flush(
; CHECK:       loop:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       ret void

define void @loop_only_flush(ptr %code, i64 %n, i64 %trips) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %trips
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
