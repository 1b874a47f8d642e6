; The pass runs twice in a ThinLTO build (OptimizerLast in the compile and in
; the backend): a batched loop holds no clflush, so the second run adds
; nothing.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch,flushelim-batch -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @flush_buffer(
; CHECK-COUNT-2: call void @llvm.x86.sse.sfence()
; CHECK-NOT:     call void @llvm.x86.sse.sfence()
; CHECK:         ret void

define void @flush_buffer(ptr %buf, i64 %n) #0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %preheader

preheader:
  br label %loop

loop:
  %off = phi i64 [ 0, %preheader ], [ %off.next, %loop ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %exit

exit:
  br label %done

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
