; Same start, different length (sys_icache_invalidate takes a length): the
; 128-byte flush comes first, so the later 64-byte flush of its first half
; is redundant.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @longer_then_shorter(
; CHECK:       call void @sys_icache_invalidate(ptr %code, i64 128)
; CHECK-NOT:   call void @sys_icache_invalidate
; CHECK:       ret void

; REMARK: removed redundant sys_icache_invalidate: its range was already flushed by sys_icache_invalidate at <UNKNOWN LOCATION>

define void @longer_then_shorter(ptr %code) {
entry:
  call void @sys_icache_invalidate(ptr %code, i64 128)
  call void @sys_icache_invalidate(ptr %code, i64 64)
  ret void
}

declare void @sys_icache_invalidate(ptr, i64)
