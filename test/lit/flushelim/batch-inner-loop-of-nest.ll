; An inner loop that sweeps one buffer per outer iteration is batched on its
; own: its preheader and exit lie in the outer loop, so every buffer is fenced
; before and after its sweep, as clflush would have ordered it.
; Negative twin: batch-nested-loop-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @flush_buffers(
; CHECK:       outer:
; CHECK:       inner.pre:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    br label %inner
; CHECK:       inner:
; CHECK:         call void @llvm.x86.clflushopt(ptr %p)
; CHECK:       inner.exit:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK:       done:
; CHECK-NOT:     @llvm.x86.sse.sfence
; CHECK:         ret void

define void @flush_buffers(ptr %bufs, i64 %count, i64 %n) #0 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %inner.exit ]
  %slot = getelementptr inbounds ptr, ptr %bufs, i64 %i
  %buf = load ptr, ptr %slot, align 8
  br label %inner.pre

inner.pre:
  br label %inner

inner:
  %off = phi i64 [ 0, %inner.pre ], [ %off.next, %inner ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %inner, label %inner.exit

inner.exit:
  %i.next = add nuw i64 %i, 1
  %again = icmp ult i64 %i.next, %count
  br i1 %again, label %outer, label %done

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
