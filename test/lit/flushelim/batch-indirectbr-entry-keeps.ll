; The loop is entered from an indirectbr, whose edges cannot be split: there
; is no block where the opening sfence would run only on the way into the
; loop, so the loop keeps clflush.
; Positive twin: batch-forms-preheader-and-exit.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch \
; RUN:   -pass-remarks-missed=flushelim-batch -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @computed_goto(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NOT:   @llvm.x86.clflushopt
; CHECK-NOT:   @llvm.x86.sse.sfence

; MISSED: remark: {{.*}}clflush loop not batched: it cannot be given a preheader and dedicated exits for the sfences
; MISSED-NOT: remark

define void @computed_goto(ptr %buf, i64 %n, ptr %target) #0 {
entry:
  indirectbr ptr %target, [label %loop, label %done]

loop:
  %off = phi i64 [ %off.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds nuw i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  %off.next = add i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
