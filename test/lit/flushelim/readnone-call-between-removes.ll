; A call that is memory(none) cannot write the flushed range: the second
; instruction-cache flush goes. Negative twin: unknown-call-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @readnone_call_between(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  %h = call i64 @hash(i64 %n)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i64 %h

define i64 @readnone_call_between(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %h = call i64 @hash(i64 %n)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i64 %h
}

declare i64 @hash(i64) nounwind willreturn memory(none)
declare void @llvm.clear_cache(ptr, ptr)
