; A store through an unrelated pointer argument sits between two flushes of
; the same range. Nothing says %other does not point into [code, code+n), so
; the store may rewrite flushed bytes and the second flush stays.
; Positive twin: no-alias-store-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @may_alias_store(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  store i32 0, ptr %other
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but memory in its range may be written in between
; REMARK-NOT: removed redundant

define void @may_alias_store(ptr %code, i64 %n, ptr %other) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store i32 0, ptr %other
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
