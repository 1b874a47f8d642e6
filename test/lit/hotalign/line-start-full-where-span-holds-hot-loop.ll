; REQUIRES: x86-registered
;
; With a profile, a hot loop whose estimated span fits its fewest lines
; where it falls is padded only where it needs to be (max-skip 63 minus its
; room), but not when another hot loop starts inside its span: that loop's
; padding (its own line start, or step 9's nops that place it) lands in the
; span after the plan's room was counted, and can push the span across one
; line more (bzip2 1.0.8's handle_compress: an 86-byte loop planned to fit
; two lines held a loop step 9 placed 24 bytes into a line; 32 bytes of
; nops made it 118 bytes on three lines). There the full line start stays.
; Both functions: a row loop of 99999 back edges per entry (a line start's
; nops are cheap against its work), around a column loop.
;   @three: the column loop iterates 3 times per row and is hot (step 6
;   refuses it, step 9 places the row loop for it): max-skip 63.
; Negative twin:
;   @once: the column loop's back edge is taken once per row: cold, so the
;   row loop's span holds no hot loop: max-skip 35, where its 36-byte span
;   needs it.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign %s -o /dev/null \
; RUN:   2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 36 hot bytes, back-edge count {{9999[89]}}, alignment 64, max-skip 35 (line start where its span needs one){{$}}
; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 36 hot bytes, back-edge count {{9999[89]}}, alignment 64, max-skip 63 (line start){{$}}

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
