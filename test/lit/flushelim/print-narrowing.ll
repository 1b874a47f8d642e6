; print<flushelim> shows the narrowing decisions: a loop summarised as a range
; flush (its first line covers a later clflush of it), a loop that is not
; one (and why; it is still narrowed by the first), a narrowed flush with its
; covers and pieces, and a partly covered flush left whole with the reason.
;
; Negative twin (the same input with -flushelim-narrow=false): no narrowing
; plan; the partly covered flushes are listed with "narrowing is off".
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<flushelim>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<flushelim>' -flushelim-narrow=false \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: flushelim: function 'ranges'
; CHECK:       partial: #3 after #1: not narrowed: it would save 1 whole lines at worst, fewer than 4 (-flushelim-narrow-min-lines)
; CHECK:       narrowed: #2 by #0: 1 pieces, run-time guard
; CHECK-LABEL: flushelim: function 'loops'
; CHECK:       redundant: #2 covered by #0
; CHECK:       loop range: #0 flushes every line of [%code, (1 + (64 * ((-1 + (64 umax %n)) /u 64))<nuw> + %code))
; CHECK:       loop not a range: #1 (stride): its pointer advances 128 bytes per iteration, more than the 64-byte line, so lines in between stay
; CHECK:       narrowed: #1 by #0: skips the lines it covers

; OFF-LABEL: flushelim: function 'ranges'
; OFF:       partial: #2 after #0: not narrowed: narrowing is off (-flushelim-narrow=false)
; OFF-NOT:   {{^}}  narrowed:

define void @ranges(ptr %code, i64 %pos, i64 %size, ptr align 64 %other) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %pos
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %small = getelementptr inbounds i8, ptr %other, i64 100
  call void @llvm.clear_cache(ptr %other, ptr %small)
  %all = getelementptr inbounds i8, ptr %code, i64 %size
  call void @llvm.clear_cache(ptr %code, ptr %all)
  %other.all = getelementptr inbounds i8, ptr %other, i64 256
  call void @llvm.clear_cache(ptr %other, ptr %other.all)
  ret void
}

define void @loops(ptr %code, i64 %n) {
entry:
  %skip1 = icmp eq i64 %n, 0
  br i1 %skip1, label %mid, label %loop1

loop1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop1 ]
  %p = getelementptr inbounds i8, ptr %code, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %p)
  %i.next = add i64 %i, 64
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop1, label %mid, !llvm.loop !0

mid:
  %skip2 = icmp eq i64 %n, 0
  br i1 %skip2, label %done, label %loop2

loop2:
  %j = phi i64 [ 0, %mid ], [ %j.next, %loop2 ]
  %q = getelementptr inbounds i8, ptr %code, i64 %j
  call void @llvm.x86.sse2.clflush(ptr %q)
  %j.next = add i64 %j, 128
  %more2 = icmp ult i64 %j.next, %n
  br i1 %more2, label %loop2, label %tail, !llvm.loop !0

tail:
  call void @llvm.x86.sse2.clflush(ptr %code)
  br label %done

done:
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
declare void @llvm.x86.sse2.clflush(ptr)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
