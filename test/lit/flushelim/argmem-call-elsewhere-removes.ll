; A call that writes only through its pointer argument, given a local that
; never escapes: alias analysis proves it cannot write [code, code+n), so the
; second flush goes. Negative twin: argmem-call-into-range-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @argmem_call_elsewhere(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @fill(ptr %buf)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i64

define i64 @argmem_call_elsewhere(ptr %code, i64 %n) {
entry:
  %buf = alloca i64, align 8
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @fill(ptr %buf)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %v = load i64, ptr %buf, align 8
  ret i64 %v
}

declare void @fill(ptr nocapture) nounwind willreturn memory(argmem: write)
declare void @llvm.clear_cache(ptr, ptr)
