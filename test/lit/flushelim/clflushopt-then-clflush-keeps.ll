; A weakly ordered clflushopt never covers an ordered clflush: removing the
; clflush would let later stores pass the flush of the line. Nothing may change.
; Positive twin: clflush-then-clflushopt-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflushopt_then_clflush(
; CHECK:       call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  ret void

define void @clflushopt_then_clflush(ptr %p) {
entry:
  call void @llvm.x86.clflushopt(ptr %p)
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.x86.clflushopt(ptr)
declare void @llvm.x86.sse2.clflush(ptr)
