; Each iteration flushes a different 64-byte chunk [code+64*i, code+64*i+64):
; the operands are the same SSA values every iteration but name a new range
; each time, so the flush on the back edge is no witness for the next one.
; The pre-loop flush covers only the first chunk. Nothing may change.
; Positive twin: loop-invariant-flush-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @loop_varying_range(
; CHECK:       entry:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK:       loop:
; CHECK:       call void @llvm.clear_cache(ptr %chunk, ptr %chunk.end)
; CHECK:       ret void

define void @loop_varying_range(ptr %code, i64 %chunks) {
entry:
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl nuw i64 %i, 6
  %chunk = getelementptr inbounds i8, ptr %code, i64 %off
  %chunk.end = getelementptr inbounds i8, ptr %chunk, i64 64
  call void @llvm.clear_cache(ptr %chunk, ptr %chunk.end)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %chunks
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
