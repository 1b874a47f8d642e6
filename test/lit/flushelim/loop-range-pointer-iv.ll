; A clflush loop written with a pointer, `for (p = code + 64; p < code + pos;
; p += 64)`, is a range flush too: its trip count is the distance from its
; first pointer to the bound in one buffer. (The analysis crashed on this
; form, which clang -O2 makes of a pointer loop: SCEV cannot subtract from
; the umax of two pointers.) @pointer_loop's whole-buffer loop then skips
; the lines the writer flushed; the writer's loop, which runs first, is
; left alone: the later loop never ran before it, so it covers nothing
; there.
;
; @bound_elsewhere: the writer's bound lies in another object (`p < end`
; with end a pointer of its own, as a JIT's `for (q = code; q < limit; ...)`
; is): the trip count comes from their addresses, in twice their width, and
; the whole-buffer loop skips the writer's lines too.
;
; Negative twin @bound_not_reached: `p != other` with other in another
; object: ScalarEvolution cannot tell that the pointer ever meets it (the
; distance may not be a multiple of 64), so the trip count is unknown, the
; loop is no range (analysis remark, condition "bounds") and the
; whole-buffer loop stays as it is.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<flushelim>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=PRINT
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; PRINT-LABEL: flushelim: function 'pointer_loop'
; PRINT:       loop range: #0 flushes every line of [(64 + %code), (65 + (64 * ((63 + (0 smax (-128 + %pos)))<nuw> /u 64))<nuw> + %code))
; PRINT-NEXT:  loop range: #1 flushes every line of [%code, (20417 + %code))
; PRINT-NEXT:  narrowed: #1 by #0: skips the lines it covers
; PRINT-NOT:   narrowed: #0
; PRINT-LABEL: flushelim: function 'bound_elsewhere'
; PRINT:       loop range: #0 flushes every line of [(64 + %code), (65 + (64 * (trunc i128 ({{.*}}(zext i64 (ptrtoint ptr %other to i64) to i128){{.*}} /u 64) to i64)) + %code))
; PRINT-NEXT:  loop range: #1 flushes every line of [%code, (20417 + %code))
; PRINT-NEXT:  narrowed: #1 by #0: skips the lines it covers
; PRINT-LABEL: flushelim: function 'bound_not_reached'
; PRINT-NOT:   loop range: #0
; PRINT:       loop range: #1 flushes every line of [%code, (20417 + %code))
; PRINT-NEXT:  loop not a range: #0 (bounds): its trip count is unknown
; PRINT-NOT:   narrowed

; CHECK-LABEL: define void @pointer_loop(
; CHECK:       writer:
; CHECK-NEXT:    %p = phi ptr [ %first, %entry ], [ %p.next, %writer ]
; CHECK-NEXT:    call void @llvm.x86.sse2.clflush(ptr %p){{$}}
; CHECK:       whole:
; CHECK:         %flush.covered = and i1 %{{.*}}, %any
; CHECK-NEXT:    [[SKIP:%.*]] = xor i1 %flush.covered, true
; CHECK-NEXT:    br i1 [[SKIP]], label %[[FLUSH:.*]], label
; CHECK:       [[FLUSH]]:
; CHECK-NEXT:    call void @llvm.x86.sse2.clflush(ptr %q), !hotlayout.narrowed
; CHECK-LABEL: define void @bound_elsewhere(
; CHECK:       whole:
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %q), !hotlayout.narrowed
; CHECK-LABEL: define void @bound_not_reached(
; CHECK-NOT:   flush.covered
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %q){{$}}

define void @pointer_loop(ptr %code, i64 %pos, i64 %n) {
entry:
  %end = getelementptr inbounds nuw i8, ptr %code, i64 %pos
  %first = getelementptr inbounds nuw i8, ptr %code, i64 64
  %any = icmp ugt i64 %pos, 64
  br i1 %any, label %writer, label %mid

writer:
  %p = phi ptr [ %first, %entry ], [ %p.next, %writer ]
  call void @llvm.x86.sse2.clflush(ptr %p)
  %p.next = getelementptr inbounds nuw i8, ptr %p, i64 64
  %more = icmp ult ptr %p.next, %end
  br i1 %more, label %writer, label %mid, !llvm.loop !0

mid:
  call void @mprotect_stub()
  br label %whole

whole:
  %i = phi i64 [ 0, %mid ], [ %i.next, %whole ]
  %q = getelementptr inbounds nuw i8, ptr %code, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %q)
  %i.next = add nuw nsw i64 %i, 64
  %more2 = icmp ult i64 %i.next, 20480
  br i1 %more2, label %whole, label %done, !llvm.loop !0

done:
  ret void
}

define void @bound_elsewhere(ptr %code, ptr %other) {
entry:
  %first = getelementptr inbounds nuw i8, ptr %code, i64 64
  br label %writer

writer:
  %p = phi ptr [ %first, %entry ], [ %p.next, %writer ]
  call void @llvm.x86.sse2.clflush(ptr %p)
  %p.next = getelementptr inbounds nuw i8, ptr %p, i64 64
  %more = icmp ult ptr %p.next, %other
  br i1 %more, label %writer, label %mid, !llvm.loop !0

mid:
  br label %whole

whole:
  %i = phi i64 [ 0, %mid ], [ %i.next, %whole ]
  %q = getelementptr inbounds nuw i8, ptr %code, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %q)
  %i.next = add nuw nsw i64 %i, 64
  %more2 = icmp ult i64 %i.next, 20480
  br i1 %more2, label %whole, label %done, !llvm.loop !0

done:
  ret void
}

define void @bound_not_reached(ptr %code, ptr %other) {
entry:
  %first = getelementptr inbounds nuw i8, ptr %code, i64 64
  br label %writer

writer:
  %p = phi ptr [ %first, %entry ], [ %p.next, %writer ]
  call void @llvm.x86.sse2.clflush(ptr %p)
  %p.next = getelementptr inbounds nuw i8, ptr %p, i64 64
  %more = icmp ne ptr %p.next, %other
  br i1 %more, label %writer, label %mid, !llvm.loop !0

mid:
  br label %whole

whole:
  %i = phi i64 [ 0, %mid ], [ %i.next, %whole ]
  %q = getelementptr inbounds nuw i8, ptr %code, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %q)
  %i.next = add nuw nsw i64 %i, 64
  %more2 = icmp ult i64 %i.next, 20480
  br i1 %more2, label %whole, label %done, !llvm.loop !0

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
declare void @mprotect_stub() memory(none) nounwind
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
