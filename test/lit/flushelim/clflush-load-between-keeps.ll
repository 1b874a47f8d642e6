; flush+reload: a load of the line between two clflush brings the line back
; into the cache, and the second clflush evicts it again (timing and
; persistence code relies on that). Nothing may change.
; Positive twin: clflush-twice-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i8 @clflush_load_between(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  %v = load i8, ptr %p
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  ret i8 %v

; REMARK-NOT: removed redundant
; REMARK: kept clflush: the flush at <UNKNOWN LOCATION> covers its range but the cache line may be read in between
; REMARK-NOT: removed redundant

define i8 @clflush_load_between(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  %v = load i8, ptr %p, align 1
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret i8 %v
}

declare void @llvm.x86.sse2.clflush(ptr)
