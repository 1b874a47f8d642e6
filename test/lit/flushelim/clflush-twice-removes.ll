; Two clflush of the same pointer flush the same line; nothing in between
; touches it, so the second goes.
; Negative twins: clflush-load-between-keeps.ll, clflush-store-same-line-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflush_twice(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NOT:   call void @llvm.x86.sse2.clflush
; CHECK:       ret void

; REMARK: removed redundant clflush: its range was already flushed by clflush at <UNKNOWN LOCATION>
; REMARK-NOT: removed redundant

define void @clflush_twice(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
