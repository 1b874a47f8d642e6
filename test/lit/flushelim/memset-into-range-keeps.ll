; A memset over part of the flushed range (padding with int3) between two
; flushes rewrites those bytes: the second flush stays.
; Positive twin: memcpy-elsewhere-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @memset_into_range(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.memset.p0.i64(ptr %tail, i8 -52, i64 %pad, i1 false)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

define void @memset_into_range(ptr %code, i64 %n, i64 %pad) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  %tail.off = sub i64 %n, %pad
  %tail = getelementptr inbounds i8, ptr %code, i64 %tail.off
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.memset.p0.i64(ptr %tail, i8 204, i64 %pad, i1 false)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.clear_cache(ptr, ptr)
