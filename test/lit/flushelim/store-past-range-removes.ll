; A store to code+64, just past the flushed [code, code+64), writes no byte
; of the range: the second flush is redundant. Negative twin:
; store-in-range-keeps.ll (the same store at code+63).
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @store_past_range(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @store_past_range(ptr %code) {
entry:
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  store i8 0, ptr %code.64, align 1
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
