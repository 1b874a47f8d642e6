; The rest of the flush-neutral externals (os_thread_self_restrict_rwx_to_rx
; and _rw, sys_dcache_flush, getpagesize) between two flushes of the same
; range: none writes memory the program can see, so the second flush goes.
; Negative twin: unknown-call-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @neutral_calls_between(
; CHECK:       call void @__clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @os_thread_self_restrict_rwx_to_rw()
; CHECK-NEXT:  call void @sys_dcache_flush(ptr %code, i64 %n)
; CHECK-NEXT:  %ps = call i32 @getpagesize()
; CHECK-NEXT:  call void @os_thread_self_restrict_rwx_to_rx()
; CHECK-NOT:   call void @__clear_cache
; CHECK:       ret i32 %ps

define i32 @neutral_calls_between(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @__clear_cache(ptr %code, ptr %end)
  call void @os_thread_self_restrict_rwx_to_rw()
  call void @sys_dcache_flush(ptr %code, i64 %n)
  %ps = call i32 @getpagesize()
  call void @os_thread_self_restrict_rwx_to_rx()
  call void @__clear_cache(ptr %code, ptr %end)
  ret i32 %ps
}

declare void @os_thread_self_restrict_rwx_to_rw()
declare void @os_thread_self_restrict_rwx_to_rx()
declare void @sys_dcache_flush(ptr, i64)
declare i32 @getpagesize()
declare void @__clear_cache(ptr, ptr)
