; A flush of another range between two flushes of the same range writes no
; memory the program can see: the third flush goes, the middle one stays.
; Negative twin: unknown-call-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @other_flush_between(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %data, ptr %data.end)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @other_flush_between(ptr %code, i64 %n, ptr %data, i64 %m) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  %data.end = getelementptr inbounds i8, ptr %data, i64 %m
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %data, ptr %data.end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
