; Odd IR: an irreducible loop (two entries, %a and %b) whose blocks both
; re-flush the range flushed before it, with no write anywhere. No crash,
; valid IR after; every path to the in-loop flushes has flushed the range,
; so only the entry's flush remains.
; Negative twin: irreducible-loop-store-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @irreducible(
; CHECK:       entry:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @irreducible(ptr %code, i64 %n, i1 %c, i1 %d, i1 %e) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br i1 %c, label %a, label %b

a:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br i1 %d, label %b, label %exit

b:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br i1 %e, label %a, label %exit

exit:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
