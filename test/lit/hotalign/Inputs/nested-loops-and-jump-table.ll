; The input of hotalign/other-targets-*.ll: code both machine passes change
; on x86-64.
;   @three, @pushed: nested-loop-placed-by-outer-padding.ll's, with its
;     profile (a row loop taken 99998 times around a column loop taken 3
;     times per row): each row loop aligned, then started some bytes into a
;     line through a block of nops for its column loop (hotalign);
;   @dispatch: a loop dispatching through a jump table; built PIC, Machine
;     LICM hoists the table's address out of the loop (hotalign-jt-base).
; No triple: each test names its own.

@sink = global i64 0
@Program = global [12 x i8] zeroinitializer
@Acc = global [8 x i64] zeroinitializer

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

define void @pushed(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  %h1 = mul i64 %i, 2654435761
  %h2 = xor i64 %h1, 40503
  %h3 = mul i64 %h2, 1099511628211
  %h4 = xor i64 %h3, %m
  %h5 = mul i64 %h4, 6364136223846793005
  %h6 = xor i64 %h5, 2166136261
  %h7 = mul i64 %h6, 1442695040888963407
  %h8 = xor i64 %h7, 3935559000370003845
  store volatile i64 %h8, ptr @sink, align 8
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

define void @dispatch(i32 %rounds) {
entry:
  %go = icmp sgt i32 %rounds, 0
  br i1 %go, label %round, label %exit

round:
  %r = phi i32 [ 0, %entry ], [ %r.next, %round.latch ]
  br label %step

step:
  %i = phi i64 [ 0, %round ], [ %i.next, %next ]
  %pp = getelementptr inbounds i8, ptr @Program, i64 %i
  %op = load volatile i8, ptr %pp, align 1
  switch i8 %op, label %c7 [
    i8 0, label %c0
    i8 1, label %c1
    i8 2, label %c2
    i8 3, label %c3
    i8 4, label %c4
    i8 5, label %c5
    i8 6, label %c6
  ]

c0:
  store volatile i64 %i, ptr @Acc, align 8
  br label %next
c1:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 1), align 8
  br label %next
c2:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 2), align 8
  br label %next
c3:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 3), align 8
  br label %next
c4:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 4), align 8
  br label %next
c5:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 5), align 8
  br label %next
c6:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 6), align 8
  br label %next
c7:
  store volatile i64 %i, ptr getelementptr inbounds (i64, ptr @Acc, i64 7), align 8
  br label %next

next:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 12
  br i1 %more, label %step, label %round.latch

round.latch:
  %r.next = add nuw nsw i32 %r, 1
  %again = icmp slt i32 %r.next, %rounds
  br i1 %again, label %round, label %exit

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
