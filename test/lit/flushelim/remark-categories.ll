; Which remark flag shows which flushelim remark: a removal is a passed
; remark (-pass-remarks), a kept near-duplicate a missed one
; (-pass-remarks-missed), a flush after a partial one an analysis remark
; (-pass-remarks-analysis). Each flag shows its kind only.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=PASSED
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks-missed=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=ANALYSIS
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -disable-output %s 2>&1 \
; RUN:   | count 0

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; PASSED-NOT: kept
; PASSED-NOT: follows a flush
; PASSED:     removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>
; PASSED-NOT: kept
; PASSED-NOT: follows a flush

; MISSED-NOT: removed redundant
; MISSED-NOT: follows a flush
; MISSED:     kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but memory in its range may be written in between
; MISSED-NOT: removed redundant
; MISSED-NOT: follows a flush

; ANALYSIS-NOT: removed redundant
; ANALYSIS-NOT: kept
; ANALYSIS:     llvm.clear_cache follows a flush of part of its range at <UNKNOWN LOCATION>: the remainder is not proven clean
; ANALYSIS-NOT: removed redundant
; ANALYSIS-NOT: kept

define void @removed(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @kept(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store i8 0, ptr %code, align 1
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @partial(ptr %code) {
entry:
  %code.16 = getelementptr inbounds i8, ptr %code, i64 16
  %code.64 = getelementptr inbounds i8, ptr %code, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %code.16)
  call void @llvm.clear_cache(ptr %code, ptr %code.64)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
