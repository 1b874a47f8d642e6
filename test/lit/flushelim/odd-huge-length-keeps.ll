; Odd IR: sys_icache_invalidate takes an unsigned (size_t) length. A length
; with the top bit set is a huge range, not a negative (empty) one, so a
; 64-byte flush before it covers almost none of it: the second call stays.
; Positive twin: longer-then-shorter-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @huge_length(
; CHECK:       call void @sys_icache_invalidate(ptr %code, i64 64)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %code, i64 -4096)
; CHECK-NEXT:  ret void

define void @huge_length(ptr %code) {
entry:
  call void @sys_icache_invalidate(ptr %code, i64 64)
  call void @sys_icache_invalidate(ptr %code, i64 -4096)
  ret void
}

declare void @sys_icache_invalidate(ptr, i64)
