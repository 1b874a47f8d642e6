; [code, code+64) then [code+32, code+96): they share 32 bytes but the later
; range's upper half was never flushed. The later flush stays and is
; reported as following a flush of part of its range. Positive twin:
; superset-then-subset-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @partial_overlap(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %code.64)
; CHECK:       call void @llvm.clear_cache(ptr %code.32, ptr %code.96)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: llvm.clear_cache follows a flush of part of its range at <UNKNOWN LOCATION>: the remainder is not proven clean
; REMARK-NOT: removed redundant

define void @partial_overlap(ptr %code) {
entry:
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  %code.32 = getelementptr inbounds i8, ptr %code, i64 32
  %code.96 = getelementptr inbounds i8, ptr %code, i64 96
  call void @llvm.clear_cache(ptr %code.32, ptr %code.96)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
