; A memcpy *out of* the flushed range into a local that never escapes writes
; none of the range (reading it does not matter to an instruction-cache
; flush): the second flush goes. Negative twin: memcpy-into-range-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @memcpy_elsewhere(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %copy, ptr %code, i64 16, i1 false)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i64

define i64 @memcpy_elsewhere(ptr %code) {
entry:
  %copy = alloca [16 x i8], align 8
  %end = getelementptr inbounds i8, ptr %code, i64 256
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %copy, ptr %code, i64 16, i1 false)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %v = load i64, ptr %copy, align 8
  ret i64 %v
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.clear_cache(ptr, ptr)
