; An irreducible loop (entries %a and %b). %a flushes the range and then
; writes it; on the path a -> b the write follows the flush, so %b's flush is
; needed. Whatever happens to %a's flush, %b's stays.
; Positive twin: odd-irreducible-loop.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @irreducible_store(
; CHECK:       b:
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  br i1 %e, label %a, label %exit

define void @irreducible_store(ptr %code, i64 %n, i1 %c, i1 %d, i1 %e) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br i1 %c, label %a, label %b

a:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store i8 -112, ptr %code, align 1
  br i1 %d, label %b, label %exit

b:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br i1 %e, label %a, label %exit

exit:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
