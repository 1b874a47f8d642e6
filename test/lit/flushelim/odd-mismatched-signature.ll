; Odd IR: functions named like flush primitives but declared with the wrong
; number or kind of operands (a C program's own __clear_cache(void *), a
; sys_icache_invalidate taking an i32 length, a variadic one). Decoding must
; not read missing operands; no crash, valid IR after. Nothing here is a
; provable duplicate of the table's primitives, so every call stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @mismatched(
; CHECK:       call void @__clear_cache(ptr %p)
; CHECK-NEXT:  call void @__clear_cache(ptr %p)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %p, i32 16, i32 0)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %p, i32 16, i32 0)
; CHECK-NEXT:  ret void

define void @mismatched(ptr %p) {
entry:
  call void @__clear_cache(ptr %p)
  call void @__clear_cache(ptr %p)
  call void @sys_icache_invalidate(ptr %p, i32 16, i32 0)
  call void @sys_icache_invalidate(ptr %p, i32 16, i32 0)
  ret void
}

declare void @__clear_cache(ptr)
declare void @sys_icache_invalidate(ptr, i32, i32)
