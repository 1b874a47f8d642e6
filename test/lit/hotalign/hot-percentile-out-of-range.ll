; -hotalign-hot-percentile is checked where options are parsed: a value above
; the profile summary's highest cutoff (999999 in every summary llvm-profdata
; writes), e.g. 1000000 meaning "all counts", would otherwise reach
; ProfileSummaryBuilder::getEntryForPercentile and abort llc with a stack
; dump. It must be an error that names the option instead.
;
; `not` fails when the command crashes, so this needs a clean exit != 0.
; RUN: not %llc -load=%plugin -hotalign-hot-percentile=1000000 %s -o /dev/null \
; RUN:   2>&1 | FileCheck %s
;
; Negative twin: the largest cutoff in the summary is accepted.
; RUN: %llc -load=%plugin -hotalign-hot-percentile=999999 -pass-remarks=hotalign \
; RUN:   %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAX

target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: LLVM ERROR
; CHECK: for the --hotalign-hot-percentile option: '1000000' is outside 1..999999
; CHECK-NOT: Stack dump

; MAX-COUNT-2: aligned hot loop

define void @hot(ptr %a, i64 %n) !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !21

exit:
  ret void
}

define void @warm(ptr %a, i64 %n) !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !22

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 1207000}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 1000}
!7 = !{!"NumCounts", i64 6}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13, !14}
!11 = !{i32 900000, i64 1000000, i32 1}
!12 = !{i32 990000, i64 100000, i32 2}
!13 = !{i32 999000, i64 10000, i32 3}
!14 = !{i32 999999, i64 1000, i32 6}
!20 = !{!"function_entry_count", i64 1000}
; Exit once per entry: @hot's header runs 200 times per entry, @warm's 5.
!21 = !{!"branch_weights", i32 1000, i32 199000}
!22 = !{!"branch_weights", i32 1000, i32 4000}
