; A flush of [code, code+64) makes a later flush of [code+8, code+24), which
; it contains, redundant.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @superset_then_subset(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

; REMARK: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>

define void @superset_then_subset(ptr %code) {
entry:
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  %code.8 = getelementptr inbounds i8, ptr %code, i64 8
  %code.24 = getelementptr inbounds i8, ptr %code, i64 24
  call void @llvm.clear_cache(ptr %code.8, ptr %code.24)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
