; A volatile store between two flushes, even to a local that provably does
; not alias the range, is treated conservatively: the second flush stays.
; Positive twin: no-alias-store-removes.ll (the same store, not volatile).
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @volatile_store_elsewhere(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  store volatile i32 %v, ptr %local
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but a fence, atomic, volatile access or inline asm is in between
; REMARK-NOT: removed redundant

define void @volatile_store_elsewhere(ptr %code, i64 %n, i32 %v) {
entry:
  %local = alloca i32, align 4
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store volatile i32 %v, ptr %local, align 4
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
