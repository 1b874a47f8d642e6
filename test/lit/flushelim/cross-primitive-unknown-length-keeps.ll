; Negative twin of cross-primitive-same-domain-removes.ll: with an i64
; length of unknown sign, sys_icache_invalidate(code, n) is not covered by
; llvm.clear_cache(code, code+n). A length >= 2^63 wraps code+n below code:
; the begin/end flush then covers nothing, while the length flush covers
; nearly all memory. The __clear_cache twin takes the very same begin/end
; operands, so it still goes.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @cross_primitive_unknown_length(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %code, i64 %n)
; CHECK-NOT:   call void @__clear_cache
; CHECK:       ret void

define void @cross_primitive_unknown_length(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @sys_icache_invalidate(ptr %code, i64 %n)
  call void @__clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @sys_icache_invalidate(ptr, i64)
declare void @__clear_cache(ptr, ptr)
declare void @llvm.clear_cache(ptr, ptr)
