; Negative twin of superset-then-subset-removes.ll. The first flush covers
; only [code+8, code+24) of the later [code, code+64): the rest of the later
; range was never flushed, so the later flush stays. It is reported as
; following a flush of part of its range (an analysis remark).
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @subset_then_superset(
; CHECK:       call void @llvm.clear_cache(ptr %code.8, ptr %code.24)
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: llvm.clear_cache follows a flush of part of its range at <UNKNOWN LOCATION>: the remainder is not proven clean
; REMARK-NOT: removed redundant

define void @subset_then_superset(ptr %code) {
entry:
  %code.8 = getelementptr inbounds i8, ptr %code, i64 8
  %code.24 = getelementptr inbounds i8, ptr %code, i64 24
  call void @llvm.clear_cache(ptr %code.8, ptr %code.24)
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
