; Negative twin of semantic-range-equal-removes.ll: the second end is
; &((i64 *)code)[k], twice as far as the first flush's code + 4*k. The
; second range is longer, so it stays. (Removal only: narrowing, which may
; shrink it to the part the first flush left, is off here and tested in
; narrow-*.ll.)
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-narrow=false \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @semantic_range_differs(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end.bytes)
; CHECK-NEXT:  %end.qwords = getelementptr inbounds i64, ptr %code, i64 %k
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end.qwords)
; CHECK-NEXT:  ret void

define void @semantic_range_differs(ptr %code, i64 %k) {
entry:
  %bytes = shl nuw nsw i64 %k, 2
  %end.bytes = getelementptr inbounds i8, ptr %code, i64 %bytes
  call void @llvm.clear_cache(ptr %code, ptr %end.bytes)
  %end.qwords = getelementptr inbounds i64, ptr %code, i64 %k
  call void @llvm.clear_cache(ptr %code, ptr %end.qwords)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
