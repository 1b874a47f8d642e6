; A clflush in an outer loop's own body, next to an inner loop: the outer
; loop's body holds more than the flush (the inner loop's load), and its
; flush is not the one sweep the rule is about, so nothing is batched.
; Positive twin: batch-inner-loop-of-nest.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch \
; RUN:   -pass-remarks-missed=flushelim-batch -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @flush_and_sum(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NOT:   @llvm.x86.clflushopt
; CHECK-NOT:   @llvm.x86.sse.sfence

; MISSED: remark: {{.*}}clflush loop not batched: it contains a nested loop
; MISSED-NOT: remark

define i64 @flush_and_sum(ptr %buf, i64 %n, i64 %words) #0 {
entry:
  br label %outer

outer:
  %off = phi i64 [ 0, %entry ], [ %off.next, %inner.exit ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %inner.exit ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  br label %inner

inner:
  %w = phi i64 [ 0, %outer ], [ %w.next, %inner ]
  %acc = phi i64 [ %sum, %outer ], [ %acc.next, %inner ]
  %q = getelementptr inbounds i64, ptr %buf, i64 %w
  %v = load i64, ptr %q, align 8
  %acc.next = add i64 %acc, %v
  %w.next = add nuw i64 %w, 1
  %more.w = icmp ult i64 %w.next, %words
  br i1 %more.w, label %inner, label %inner.exit

inner.exit:
  %sum.next = phi i64 [ %acc.next, %inner ]
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %outer, label %done

done:
  ret i64 %sum.next
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
