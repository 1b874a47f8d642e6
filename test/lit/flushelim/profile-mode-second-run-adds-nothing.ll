; ThinLTO runs flushelim twice (OptimizerLast in the pre-link and the backend
; compile). In profile mode the second run must find each flush already
; instrumented and leave it alone, or every call would be counted twice.
; Twin, one run: profile-mode-instruments-every-flush.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,flushelim \
; RUN:   -flushelim-mode=profile -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @twice(
; CHECK:       call void @__hotlayout_flush_profile(ptr %code, ptr %end,
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @__hotlayout_flush_profile_skip(ptr %code, ptr %end,
; CHECK-NEXT:  call void @__hotlayout_flush_profile(ptr %code, ptr %end,
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

define void @twice(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
