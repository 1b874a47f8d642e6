; Odd IR: calls whose function type differs from the callee's declaration
; (legal with opaque pointers: the callee is called as if cast). A flush
; primitive called with too few operands must not be decoded as a flush;
; no crash, valid IR after, every call stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @cast_calls(
; CHECK:       call void @__clear_cache(ptr %p)
; CHECK-NEXT:  call void @__clear_cache(ptr %p)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %p)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %p)
; CHECK-NEXT:  ret void

define void @cast_calls(ptr %p) {
entry:
  call void @__clear_cache(ptr %p)
  call void @__clear_cache(ptr %p)
  call void @sys_icache_invalidate(ptr %p)
  call void @sys_icache_invalidate(ptr %p)
  ret void
}

declare void @__clear_cache(ptr, ptr)
declare void @sys_icache_invalidate(ptr, i64)
