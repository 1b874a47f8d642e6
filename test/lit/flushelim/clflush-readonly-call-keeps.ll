; A call that only reads memory, handed the flushed pointer, may read the
; line and so bring it back into the cache: for a line flush that kills
; (contrast readonly-call-between-removes.ll for the instruction cache).
; Positive twin: clflush-twice-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @clflush_readonly_call(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  %t = call i64 @probe(ptr %p)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  ret i64 %t

; REMARK-NOT: removed redundant
; REMARK: kept clflush: the flush at <UNKNOWN LOCATION> covers its range but the cache line may be read in between
; REMARK-NOT: removed redundant

define i64 @clflush_readonly_call(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  %t = call i64 @probe(ptr %p)
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret i64 %t
}

declare i64 @probe(ptr) nounwind willreturn memory(argmem: read)
declare void @llvm.x86.sse2.clflush(ptr)
