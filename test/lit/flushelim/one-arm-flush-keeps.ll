; Only one arm of the branch flushes; at the join, the path through the
; other arm has flushed nothing, so the join's flush stays.
; Positive twin: both-arms-flush-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @one_arm_flush(
; CHECK:       then:
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but not every path to it has flushed the range
; REMARK-NOT: removed redundant

define void @one_arm_flush(ptr %code, i64 %n, i1 %c) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  br i1 %c, label %then, label %else

then:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br label %join

else:
  br label %join

join:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
