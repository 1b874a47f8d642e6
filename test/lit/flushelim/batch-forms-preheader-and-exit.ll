; The loop as clang -O2 leaves it: SimplifyCFG has folded the preheader and
; the exit block into the guard, so the header's entry edge comes from a
; two-way branch and the exit block is shared with the path that skips the
; loop. The pass splits those two edges (as LoopSimplify would) so that the
; sfences run only when the loop does: the skip path gets none.
; Negative twin: batch-indirectbr-entry-keeps.ll (edges that cannot be split).
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @flush_range(
; CHECK:       entry:
; CHECK-NEXT:    %empty = icmp eq i64 %n, 0
; CHECK-NEXT:    br i1 %empty, label %done, label %[[PRE:.*]]
; CHECK:       [[PRE]]:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    br label %loop
; CHECK:       [[EXIT:.*]]:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    br label %done
; CHECK:       done:
; CHECK-NEXT:    ret void
; CHECK:       loop:
; CHECK:         call void @llvm.x86.clflushopt(ptr %p)
; CHECK:         br i1 %more, label %loop, label %[[EXIT]]

define void @flush_range(ptr %buf, i64 %n) #0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop

done:
  ret void

loop:
  %off = phi i64 [ %off.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds nuw i8, ptr %buf, i64 %off
  tail call void @llvm.x86.sse2.clflush(ptr %p)
  %off.next = add i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %done
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
