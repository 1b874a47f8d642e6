; Negative twin of store-past-range-removes.ll: the store at code+63 writes
; the last byte of the flushed [code, code+64), so the second flush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @store_in_range(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK-NEXT:  store i8 0, ptr %code.63
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK-NEXT:  ret void

define void @store_in_range(ptr %code) {
entry:
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  %code.63 = getelementptr inbounds i8, ptr %code, i64 63
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  store i8 0, ptr %code.63, align 1
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
