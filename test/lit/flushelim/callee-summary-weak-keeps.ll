; Negative twin of callee-summary-removes.ll: @emit is weak, so the linker
; may pick another definition that does not flush. Its body proves nothing
; about the code that will run; the caller's re-flush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @caller(
; CHECK:       call void @emit(ptr %buf, i64 %len)
; CHECK-NEXT:  %buf.end = getelementptr inbounds i8, ptr %buf, i64 %len
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %buf, ptr %buf.end)
; CHECK-NEXT:  ret void

define weak void @emit(ptr %code, i64 %n) noinline {
entry:
  store i8 -61, ptr %code, align 1
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
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
