; Symbolic lengths compared semantically: [code, code+n+16) then
; [code, code+n). The ends differ by the constant 16, so the later range lies
; inside the earlier one whatever n is, and the later flush goes.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @symbolic_shorter_later(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end.long)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @symbolic_shorter_later(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  %end.long = getelementptr inbounds i8, ptr %end, i64 16
  call void @llvm.clear_cache(ptr %code, ptr %end.long)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
