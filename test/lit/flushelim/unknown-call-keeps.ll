; An external call with unknown effects between two flushes of the same
; range may rewrite the range (a JIT's emitter, say): the second flush stays.
; Positive twins: mprotect-between-removes.ll,
; jit-write-protect-between-removes.ll, readnone-call-between-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @unknown_call(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @emit_more()
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but memory in its range may be written in between
; REMARK-NOT: removed redundant

define void @unknown_call(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @emit_more()
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @emit_more()
declare void @llvm.clear_cache(ptr, ptr)
