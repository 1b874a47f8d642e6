; clflush (ordered, evicting) covers a later clflushopt (weakly ordered,
; evicting) of the same line: the clflushopt goes.
; Negative twin: clflushopt-then-clflush-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflush_then_clflushopt(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  ret void

define void @clflush_then_clflushopt(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  call void @llvm.x86.clflushopt(ptr %p)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
declare void @llvm.x86.clflushopt(ptr)
