; Negative twin of longer-then-shorter-removes.ll. The 64-byte flush comes
; first; the later 128-byte flush also covers [code+64, code+128), which was
; never flushed, so it stays (with the partial-coverage analysis remark).
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @shorter_then_longer(
; CHECK:       call void @sys_icache_invalidate(ptr %code, i64 64)
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %code, i64 128)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: sys_icache_invalidate follows a flush of part of its range at <UNKNOWN LOCATION>: the remainder is not proven clean
; REMARK-NOT: removed redundant

define void @shorter_then_longer(ptr %code) {
entry:
  call void @sys_icache_invalidate(ptr %code, i64 64)
  call void @sys_icache_invalidate(ptr %code, i64 128)
  ret void
}

declare void @sys_icache_invalidate(ptr, i64)
