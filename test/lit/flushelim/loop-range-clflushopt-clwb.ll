; Loops of clflushopt and clwb are range flushes as clflush loops are, and a
; later loop is covered by the kinds that cover it line by line: a clwb loop
; over the lines a clflushopt loop wrote back and evicted goes (and the loop
; left empty with it).
;
; Negative twin @clwb_then_clflushopt: clwb writes a line back but may leave
; it cached, so a later clflushopt loop still has lines to evict and stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<flushelim>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; PRINT-LABEL: flushelim: function 'clflushopt_then_clwb'
; PRINT:       redundant: #1 covered by #0
; PRINT:       loop range: #0 flushes every line of [%code, (1 + (64 * ((-1 + (64 umax %n)) /u 64))<nuw> + %code))
; PRINT-LABEL: flushelim: function 'clwb_then_clflushopt'
; PRINT-NOT:   redundant
; PRINT:       loop range: #0 flushes every line of
; PRINT-NOT:   redundant

; CHECK-LABEL: define void @clflushopt_then_clwb(
; CHECK:         call void @llvm.x86.clflushopt(
; CHECK-NOT:     call void @llvm.x86.clwb(
; CHECK-LABEL: define void @clwb_then_clflushopt(
; CHECK:         call void @llvm.x86.clwb(
; CHECK:         call void @llvm.x86.clflushopt(

define void @clflushopt_then_clwb(ptr %code, i64 %n) {
entry:
  %skip1 = icmp eq i64 %n, 0
  br i1 %skip1, label %mid, label %loop1

loop1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop1 ]
  %p = getelementptr inbounds i8, ptr %code, i64 %i
  call void @llvm.x86.clflushopt(ptr %p)
  %i.next = add i64 %i, 64
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop1, label %mid, !llvm.loop !0

mid:
  %skip2 = icmp eq i64 %n, 0
  br i1 %skip2, label %done, label %loop2

loop2:
  %j = phi i64 [ 0, %mid ], [ %j.next, %loop2 ]
  %q = getelementptr inbounds i8, ptr %code, i64 %j
  call void @llvm.x86.clwb(ptr %q)
  %j.next = add i64 %j, 64
  %more2 = icmp ult i64 %j.next, %n
  br i1 %more2, label %loop2, label %done, !llvm.loop !0

done:
  ret void
}

define void @clwb_then_clflushopt(ptr %code, i64 %n) {
entry:
  %skip1 = icmp eq i64 %n, 0
  br i1 %skip1, label %mid, label %loop1

loop1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop1 ]
  %p = getelementptr inbounds i8, ptr %code, i64 %i
  call void @llvm.x86.clwb(ptr %p)
  %i.next = add i64 %i, 64
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop1, label %mid, !llvm.loop !0

mid:
  %skip2 = icmp eq i64 %n, 0
  br i1 %skip2, label %done, label %loop2

loop2:
  %j = phi i64 [ 0, %mid ], [ %j.next, %loop2 ]
  %q = getelementptr inbounds i8, ptr %code, i64 %j
  call void @llvm.x86.clflushopt(ptr %q)
  %j.next = add i64 %j, 64
  %more2 = icmp ult i64 %j.next, %n
  br i1 %more2, label %loop2, label %done, !llvm.loop !0

done:
  ret void
}

declare void @llvm.x86.clflushopt(ptr)
declare void @llvm.x86.clwb(ptr)
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
