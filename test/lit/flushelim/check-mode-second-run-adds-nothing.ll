; ThinLTO runs flushelim twice. In check mode the second run must not add a
; second snapshot after a kept flush (the first run's check call is no flush,
; so nothing else is left to do). Twin, one run:
; check-mode-redundant-flush-becomes-check.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,flushelim \
; RUN:   -flushelim-mode=check -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @twice(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @__hotlayout_flush_record(ptr %code, ptr %end,
; CHECK-NEXT:  call void @__hotlayout_flush_check(ptr %code, ptr %end,
; CHECK-NEXT:  ret void

define void @twice(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
