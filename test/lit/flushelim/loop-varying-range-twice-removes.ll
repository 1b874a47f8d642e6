; Within one iteration the chunk [code+64*i, code+64*i+64) is flushed twice
; (the second time through recomputed operands): same iteration, same range,
; nothing written in between, so the second flush goes.
; Negative twin: loop-varying-range-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @loop_varying_range_twice(
; CHECK:       loop:
; CHECK:       call void @llvm.clear_cache(ptr %chunk, ptr %chunk.end)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @loop_varying_range_twice(ptr %code, i64 %chunks) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl nuw i64 %i, 6
  %chunk = getelementptr inbounds i8, ptr %code, i64 %off
  %chunk.end = getelementptr inbounds i8, ptr %chunk, i64 64
  call void @llvm.clear_cache(ptr %chunk, ptr %chunk.end)
  %off2 = mul nuw i64 %i, 64
  %chunk2 = getelementptr inbounds i8, ptr %code, i64 %off2
  %chunk2.end = getelementptr inbounds [64 x i8], ptr %chunk2, i64 1
  call void @llvm.clear_cache(ptr %chunk2, ptr %chunk2.end)
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %chunks
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
