; pthread_jit_write_protect_np (macOS MAP_JIT toggle) writes no memory the
; program can see: the second flush goes. Negative twin: unknown-call-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @jit_write_protect_between(
; CHECK:       call void @sys_icache_invalidate(ptr %code, i64 %n)
; CHECK-NEXT:  call void @pthread_jit_write_protect_np(i32 1)
; CHECK-NOT:   call void @sys_icache_invalidate
; CHECK:       ret void

define void @jit_write_protect_between(ptr %code, i64 %n) {
entry:
  call void @sys_icache_invalidate(ptr %code, i64 %n)
  call void @pthread_jit_write_protect_np(i32 1)
  call void @sys_icache_invalidate(ptr %code, i64 %n)
  ret void
}

declare void @pthread_jit_write_protect_np(i32)
declare void @sys_icache_invalidate(ptr, i64)
