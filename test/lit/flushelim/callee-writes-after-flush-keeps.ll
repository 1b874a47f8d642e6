; Negative twin of callee-summary-removes.ll: @emit flushes [code, code+n)
; and then writes into it again before returning, so on return the range is
; not clean. The caller's re-flush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @emit(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  store i8 -52, ptr %code

; CHECK-LABEL: define void @caller(
; CHECK:       call void @emit(ptr %buf, i64 %len)
; CHECK-NEXT:  %buf.end = getelementptr inbounds i8, ptr %buf, i64 %len
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %buf, ptr %buf.end)
; CHECK-NEXT:  ret void

define void @emit(ptr %code, i64 %n) noinline {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store i8 -52, ptr %code, align 1
  ret void
}

define void @caller(ptr %buf, i64 %len) {
entry:
  call void @emit(ptr %buf, i64 %len)
  %buf.end = getelementptr inbounds i8, ptr %buf, i64 %len
  call void @llvm.clear_cache(ptr %buf, ptr %buf.end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
