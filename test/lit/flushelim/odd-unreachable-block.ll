; Odd IR: blocks unreachable from the entry, one holding flushes whose
; operands refer to each other (legal only in unreachable code), one looping
; on itself, one branching into reachable code. No crash, valid IR after,
; and the reachable join's flush (no flush on the only feasible path to it)
; stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @unreachable_blocks(
; CHECK:       join:
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

define void @unreachable_blocks(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  br label %join

dead.selfref:                              ; no predecessors
  %a = getelementptr inbounds i8, ptr %b, i64 64
  %b = getelementptr inbounds i8, ptr %a, i64 -64
  call void @llvm.clear_cache(ptr %a, ptr %b)
  call void @llvm.clear_cache(ptr %a, ptr %b)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br label %dead.loop

dead.loop:                                 ; reached only from dead code
  %p = phi ptr [ %a, %dead.selfref ], [ %p.next, %dead.loop ]
  %p.next = getelementptr inbounds i8, ptr %p.next, i64 1
  call void @llvm.clear_cache(ptr %p, ptr %p.next)
  call void @llvm.clear_cache(ptr %p, ptr %p.next)
  br i1 true, label %dead.loop, label %join

join:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
