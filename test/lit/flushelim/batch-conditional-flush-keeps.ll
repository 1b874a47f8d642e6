; A flush under a condition skips lines on some iterations: not a sweep over
; consecutive lines, so the loop keeps clflush.
; Positive twin: batch-consecutive-lines.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch \
; RUN:   -pass-remarks-missed=flushelim-batch -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @dirty_lines_only(
; CHECK:       flush:
; CHECK-NEXT:    call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NOT:   @llvm.x86.clflushopt
; CHECK-NOT:   @llvm.x86.sse.sfence

; MISSED: remark: {{.*}}clflush loop not batched: a clflush does not run on every iteration
; MISSED-NOT: remark

define void @dirty_lines_only(ptr %buf, i64 %n, i64 %mask) #0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %preheader

preheader:
  br label %loop

loop:
  %off = phi i64 [ 0, %preheader ], [ %off.next, %latch ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  %bit = and i64 %off, %mask
  %dirty = icmp ne i64 %bit, 0
  br i1 %dirty, label %flush, label %latch

flush:
  call void @llvm.x86.sse2.clflush(ptr %p)
  br label %latch

latch:
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %exit

exit:
  br label %done

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
