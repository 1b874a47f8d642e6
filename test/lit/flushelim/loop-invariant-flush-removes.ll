; The range is flushed before the loop, and the loop body re-flushes the
; same (loop-invariant) range while only reading memory: on the entry edge
; and on the back edge the range is already flushed, so the in-loop flush
; goes. Negative twins: loop-carried-store-keeps.ll, loop-only-flush-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @loop_invariant_flush(
; CHECK:       entry:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       loop:
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i64

define i64 @loop_invariant_flush(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %p = getelementptr inbounds i8, ptr %code, i64 %i
  %b = load i8, ptr %p, align 1
  %bz = zext i8 %b to i64
  %acc.next = add i64 %acc, %bz
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i64 %acc.next
}

declare void @llvm.clear_cache(ptr, ptr)
