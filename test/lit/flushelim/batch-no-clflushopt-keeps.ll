; clflushopt is an illegal instruction on a CPU without it: a function whose
; target-features do not enable +clflushopt keeps its clflush loop. The last
; +/-clflushopt entry decides, as in the subtarget, so "+clflushopt,...,
; -clflushopt" also keeps it.
; Positive twin: batch-consecutive-lines.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch \
; RUN:   -pass-remarks-missed=flushelim-batch -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @no_features(
; CHECK:       preheader:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK:       exit:
; CHECK-NEXT:    br label %done
; CHECK-LABEL: define void @feature_disabled(
; CHECK:       preheader:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK:       exit:
; CHECK-NEXT:    br label %done
; CHECK-NOT:   @llvm.x86.clflushopt
; CHECK-NOT:   @llvm.x86.sse.sfence

; MISSED-COUNT-2: remark: {{.*}}clflush loop not batched: the function's target-features lack +clflushopt
; MISSED-NOT: remark

define void @no_features(ptr %buf, i64 %n) #0 {
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

define void @feature_disabled(ptr %buf, i64 %n) #1 {
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

attributes #0 = { "target-features"="+sse2" }
attributes #1 = { "target-features"="+clflushopt,+sse2,-clflushopt" }
