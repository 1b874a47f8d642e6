; The two flushes name the same bytes through different SSA values: the
; first end pointer is code + (k << 2) as an i8 offset, the second is
; &((i32 *)code)[k], with a separately computed begin. Ranges are compared
; by value (SCEV), not SSA identity: the second flush goes.
; Negative twin: semantic-range-differs-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @semantic_range_equal(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end.bytes)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @semantic_range_equal(ptr %code, i64 %k) {
entry:
  %bytes = shl i64 %k, 2
  %end.bytes = getelementptr inbounds i8, ptr %code, i64 %bytes
  call void @llvm.clear_cache(ptr %code, ptr %end.bytes)
  %begin.words = getelementptr inbounds i32, ptr %code, i64 0
  %end.words = getelementptr inbounds i32, ptr %code, i64 %k
  call void @llvm.clear_cache(ptr %begin.words, ptr %end.words)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
