; One flush dominates the join, but one of the two paths to the second flush
; stores into the range. The second flush stays.
; Positive twin: both-arms-flush-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @store_on_one_path(
; CHECK:       entry:
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       patch:
; CHECK-NEXT:  store i8 -112, ptr %code
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

define void @store_on_one_path(ptr %code, i64 %n, i1 %c) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br i1 %c, label %patch, label %join

patch:
  store i8 144, ptr %code, align 1
  br label %join

join:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
