; Without debug info a site is named "<function>:<no debug location>", so a
; failed check still says which function to look at (compile with -g for
; file:line:col). Twin with debug info, "file:line:col (function)":
; check-mode-redundant-flush-becomes-check.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=check \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK:       @[[SITE:.+]] = private unnamed_addr constant [28 x i8] c"publish:<no debug location>\00"
; CHECK-LABEL: define void @publish(
; CHECK:       call void @__hotlayout_flush_record(ptr %code, ptr %end, ptr @[[SITE]])
; CHECK-NEXT:  call void @__hotlayout_flush_check(ptr %code, ptr %end, ptr @[[SITE]], ptr @[[SITE]])

define void @publish(ptr %code, ptr %end) {
entry:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
