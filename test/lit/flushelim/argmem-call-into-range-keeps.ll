; Negative twin of argmem-call-elsewhere-removes.ll: the argmem-only writer
; is handed the code buffer itself, so it may rewrite the flushed range and
; the second flush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @argmem_call_into_range(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @fill(ptr %code)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

define void @argmem_call_into_range(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @fill(ptr %code)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @fill(ptr nocapture) nounwind willreturn memory(argmem: write)
declare void @llvm.clear_cache(ptr, ptr)
