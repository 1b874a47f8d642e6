; A loop clang unrolled by two flushes p and p + 64 and advances 128 bytes:
; together its copies flush every line of [p, p + n), but flushelim does not
; summarise copies together (each alone skips every other line), so the
; later loop over the same lines must stay, and the analysis remark says the
; loop was unrolled (issue 22: no silent miss). Positive twin, the loop not
; unrolled: loop-range-pair-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim \
; RUN:   -pass-remarks-analysis=flushelim -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; REMARK-COUNT-2: remark: <unknown>:0:0: clflush loop is not a range flush (stride): its pointer advances 128 bytes per iteration, more than the 64-byte line, so lines in between stay (the loop holds 2 such flushes, an unrolled loop: their lines together are not summarised)
; REMARK-NOT:     remark

; CHECK-LABEL: define void @unrolled(
; CHECK:       loop2:
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %q){{$}}
define void @unrolled(ptr %p, i64 %n) {
entry:
  %skip1 = icmp eq i64 %n, 0
  br i1 %skip1, label %mid, label %loop1

loop1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop1 ]
  %a = getelementptr inbounds i8, ptr %p, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %a)
  %b = getelementptr inbounds i8, ptr %a, i64 64
  call void @llvm.x86.sse2.clflush(ptr %b)
  %i.next = add nuw i64 %i, 128
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop1, label %mid, !llvm.loop !0

mid:
  %skip2 = icmp eq i64 %n, 0
  br i1 %skip2, label %done, label %loop2

loop2:
  %j = phi i64 [ 0, %mid ], [ %j.next, %loop2 ]
  %q = getelementptr inbounds i8, ptr %p, i64 %j
  call void @llvm.x86.sse2.clflush(ptr %q)
  %j.next = add nuw i64 %j, 64
  %more2 = icmp ult i64 %j.next, %n
  br i1 %more2, label %loop2, label %done, !llvm.loop !0

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
