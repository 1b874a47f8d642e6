; A prefetch of the line between two clflush brings it back into the cache
; just as a load would: the second clflush stays.
; Positive twin: clflush-twice-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflush_prefetch_between(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 1)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  ret void

define void @clflush_prefetch_between(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 1)
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare void @llvm.x86.sse2.clflush(ptr)
