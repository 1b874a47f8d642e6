; A loop that only clflushes a buffer line by line (stride 64) becomes a
; clflushopt loop with one sfence in the preheader (older writes stay ordered
; before every flush) and one at the exit (every flush completes before
; anything after the loop), when the target has clflushopt.
; Negative twins: batch-flag-off-keeps-clflush.ll, batch-no-clflushopt-keeps.ll,
; batch-store-in-loop-keeps.ll, batch-load-in-loop-keeps.ll,
; batch-unknown-call-in-loop-keeps.ll, batch-stride-128-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-batch-clflush -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -pass-remarks=flushelim-batch \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @flush_buffer(
; CHECK:       entry:
; CHECK-NOT:     @llvm.x86.sse.sfence
; CHECK:       preheader:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NOT:     @llvm.x86.sse.sfence
; CHECK-NOT:     @llvm.x86.sse2.clflush(
; CHECK:         call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NOT:     @llvm.x86.sse.sfence
; CHECK-NOT:     @llvm.x86.sse2.clflush(
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.x86.sse.sfence()
; CHECK-NEXT:    br label %done
; CHECK:       done:
; CHECK-NEXT:    ret void

; REMARK: remark: {{.*}}batched 1 clflush into clflushopt (address stride 64 bytes) with 2 sfences around the loop
; REMARK-NOT: remark

define void @flush_buffer(ptr %buf, i64 %n) #0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %preheader

preheader:
  br label %loop

loop:
  %off = phi i64 [ 0, %preheader ], [ %off.next, %loop ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
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
