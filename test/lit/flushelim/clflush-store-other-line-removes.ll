; A store to p+64 can never be in the line that holds p (that line ends at
; p+63 at the latest, whatever p's alignment): the second clflush(p) goes.
; Negative twin: clflush-store-same-line-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflush_store_other_line(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  store i8 1, ptr %p.64
; CHECK-NOT:   call void @llvm.x86.sse2.clflush
; CHECK:       ret void

define void @clflush_store_other_line(ptr %p) {
entry:
  %p.64 = getelementptr inbounds i8, ptr %p, i64 64
  call void @llvm.x86.sse2.clflush(ptr %p)
  store i8 1, ptr %p.64, align 1
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
