; Negative twin of callee-summary-removes.ll: the summary is in terms of
; @emit's parameters. The caller passes %a but re-flushes %b's range, which
; the callee never flushed. The caller's flush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @caller(
; CHECK:       call void @emit(ptr %a, i64 %len)
; CHECK-NEXT:  %b.end = getelementptr inbounds i8, ptr %b, i64 %len
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %b, ptr %b.end)
; CHECK-NEXT:  ret void

define void @emit(ptr %code, i64 %n) noinline {
entry:
  store i8 -61, ptr %code, align 1
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @caller(ptr %a, ptr %b, i64 %len) {
entry:
  call void @emit(ptr %a, i64 %len)
  %b.end = getelementptr inbounds i8, ptr %b, i64 %len
  call void @llvm.clear_cache(ptr %b, ptr %b.end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
