; Every way out of the loop must order the flushes before what follows: a loop
; with two exits gets an sfence at the start of each, after the exit's PHIs.
; The rules are those of batch-consecutive-lines.ll (whose negative twins apply);
; this file checks only where the fences go.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -pass-remarks=flushelim-batch \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i64 @flush_until_limit(
; CHECK:       preheader:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK:         call void @llvm.x86.clflushopt(ptr %p)
; CHECK:       hit.limit:
; CHECK-NEXT:    %at = phi i64 [ %off, %loop ]
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    ret i64 %at
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    ret i64 %n

; REMARK: remark: {{.*}}batched 1 clflush into clflushopt (address stride 64 bytes) with 3 sfences around the loop

define i64 @flush_until_limit(ptr %buf, i64 %n, i64 %limit) #0 {
entry:
  br label %preheader

preheader:
  br label %loop

loop:
  %off = phi i64 [ 0, %preheader ], [ %off.next, %latch ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  %over = icmp uge i64 %off, %limit
  br i1 %over, label %hit.limit, label %latch

latch:
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %exit

hit.limit:
  %at = phi i64 [ %off, %loop ]
  ret i64 %at

exit:
  ret i64 %n
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
