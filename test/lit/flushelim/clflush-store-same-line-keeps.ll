; clflush flushes the whole line around its pointer, not one byte. %p's
; alignment is unknown, so p+8 may lie in p's line: a store there between two
; clflush(p) dirties the line and the second clflush stays.
; Positive twin: clflush-store-other-line-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflush_store_same_line(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  store i64 1, ptr %p.8
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept clflush: the flush at <UNKNOWN LOCATION> covers its range but memory in its range may be written in between
; REMARK-NOT: removed redundant

define void @clflush_store_same_line(ptr %p) {
entry:
  %p.8 = getelementptr inbounds i8, ptr %p, i64 8
  call void @llvm.x86.sse2.clflush(ptr %p)
  store i64 1, ptr %p.8, align 8
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
