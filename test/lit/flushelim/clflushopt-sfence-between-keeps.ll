; An sfence between two clflushopt of the same line orders the first one;
; flushelim never changes which flushes an existing fence orders, and any
; fence kills availability. Nothing may change.
; Positive twin: clflushopt-twice-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflushopt_sfence_between(
; CHECK:       call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NEXT:  call void @llvm.x86.sse.sfence()
; CHECK-NEXT:  call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NEXT:  call void @llvm.x86.sse.sfence()
; CHECK-NEXT:  ret void

; The same with an IR fence instead of the x86 intrinsic.
; CHECK-LABEL: define void @clflushopt_ir_fence_between(
; CHECK:       call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NEXT:  fence seq_cst
; CHECK-NEXT:  call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NEXT:  ret void

define void @clflushopt_sfence_between(ptr %p) {
entry:
  call void @llvm.x86.clflushopt(ptr %p)
  call void @llvm.x86.sse.sfence()
  call void @llvm.x86.clflushopt(ptr %p)
  call void @llvm.x86.sse.sfence()
  ret void
}

define void @clflushopt_ir_fence_between(ptr %p) {
entry:
  call void @llvm.x86.clflushopt(ptr %p)
  fence seq_cst
  call void @llvm.x86.clflushopt(ptr %p)
  ret void
}

declare void @llvm.x86.clflushopt(ptr)
declare void @llvm.x86.sse.sfence()
