; REQUIRES: x86-registered
;
; With a profile, a loop iterates when its back edges run at least twice per
; entry of the loop, not of its function (issue 20, the judge's rule:
; HotLoopRules.h). Both functions run a row loop 100000 times in one call:
;   @once:  the column loop's back edge is taken once per row (100000 times,
;           100000 per call of @once): 1.0 per entry of the loop, cold.
; Negative twin:
;   @three: taken 3 times per row: it iterates and is hot (300000 x 2 is
;           above the summary's 99% threshold), so the nested rule decides it
;           (3 < 8 iterations per fall-through entry), and its place comes
;           from the row loop's (step 9).
; The row loops (99999 back edges per entry) start a line: @once's where its
; span needs it (max-skip 35), @three's at any offset (max-skip 63: its span
; holds the hot column loop, whose placement pads inside it).
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop at %bb.2 not aligned: cold: iterates 1.0 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 36 hot bytes, back-edge count {{9999[89]}}, alignment 64, max-skip 35 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.2 not aligned: nested in a hot loop, it iterates 3.0 times per fall-through entry (at least 8): its padding would run too often{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{[0-9]+}} hot bytes, back-edge count {{9999[89]}}, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 starts {{[0-9]+}} bytes into a line so that its nested loop %bb.2 and it sit on their fewest lines (padding before it runs once per entry){{$}}
; CHECK-NOT: remark:

define void @once(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !15

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}

define void @three(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !16

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 1000000}
!4 = !{!"MaxCount", i64 400000}
!5 = !{!"MaxInternalCount", i64 400000}
!6 = !{!"MaxFunctionCount", i64 1}
!7 = !{!"NumCounts", i64 6}
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 4}
!13 = !{i32 999999, i64 1, i32 6}
!14 = !{!"function_entry_count", i64 1}
; Column loops: exits : back edges.
!15 = !{!"branch_weights", i32 100000, i32 100000}
!16 = !{!"branch_weights", i32 100000, i32 300000}
; Row loops: 1 exit, 99999 back edges.
!17 = !{!"branch_weights", i32 1, i32 99999}
