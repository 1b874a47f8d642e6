; Negative twin of profile-mode-instruments-every-flush.ll. Without
; -flushelim-mode (remove, the default) a program must link without
; libhotlayout_rt, so flushelim may not add a single runtime call or site
; string: it only deletes the redundant second flush.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT:   hotlayout
; CHECK-LABEL: define void @twice(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  %end = getelementptr
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %code)
; CHECK-NEXT:  ret void
; CHECK-NOT:   hotlayout

define void @twice(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.x86.sse2.clflush(ptr %code)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
declare void @llvm.x86.sse2.clflush(ptr)
