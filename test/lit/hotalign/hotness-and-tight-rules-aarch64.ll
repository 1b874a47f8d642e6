; REQUIRES: aarch64-registered
;
; The AArch64 form of run-pass-hotness-rule.mir and max-loop-size-option.ll,
; through the whole codegen pipeline. With a profile a loop is hot when it
; iterates (back edges >= 2x per loop entry) and its back-edge count x 2
; reaches the summary's 99% threshold (100000 here); hot loops are aligned
; when tight (at most -hotalign-max-loop-size hot bytes, default 256).
;   @hot:   199000 back edges, 199 per entry: hot, 20 hot bytes: aligned
;           where its span needs it, max-skip 19
;           (line-start-with-profile-only-where-span-needs-it.ll).
; Negative twins:
;   @below: 40000 back edges: 80000 is below the threshold.
;   @few:   150000 back edges in 100000 entries: 1.5 per entry, not iterating.
;   @edge:  1995 back edges in 1000 entries: 1.995 per entry, not iterating;
;           its remark says 1.9, not the 2.0 that rounding would print.
;   @hot at -hotalign-max-loop-size=19: 20 hot bytes are not tight.
; (-hotalign-max-function-size=0: @few's entry would be aligned as a hot small
; function, which is not this test's rule.)
;
; RUN: %llc -load=%plugin -mtriple=aarch64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.s 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=aarch64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -hotalign-max-loop-size=19 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o %t.19.s \
; RUN:   2> %t.19.r
; RUN: cat %t.19.r %t.19.s | FileCheck %s --check-prefix=LOOSE

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 20 hot bytes, back-edge count 199000, alignment 64, max-skip 19 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back-edge count 40000 x 2 is below the profile's hot threshold 100000 (percentile 990000){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 1.5 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 1.9 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NOT: remark:
; CHECK-LABEL: hot:
; CHECK: .p2align 6, , 19{{$}}
; CHECK-NEXT: .LBB0_1: // %loop
; CHECK-LABEL: below:
; CHECK-NOT: .p2align 6
; CHECK-LABEL: few:
; CHECK-NOT: .p2align 6

; LOOSE: remark: <unknown>:0:0: loop at %bb.1 not aligned: not tight: 20 hot bytes (estimated; tight loops have at most 19){{$}}
; LOOSE-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back-edge count 40000
; LOOSE-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 1.5
; LOOSE-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 1.9
; LOOSE-NOT: .p2align 6
define void @hot(ptr %a, i64 %n) !prof !14 {
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
  br i1 %done, label %exit, label %loop, !prof !15

exit:
  ret void
}

define void @below(ptr %a, i64 %n) !prof !14 {
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
  br i1 %done, label %exit, label %loop, !prof !16

exit:
  ret void
}

define void @few(ptr %a, i64 %n) !prof !17 {
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
  br i1 %done, label %exit, label %loop, !prof !18

exit:
  ret void
}

define void @edge(ptr %a, i64 %n) !prof !14 {
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
  br i1 %done, label %exit, label %loop, !prof !19

exit:
  ret void
}

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 2000000}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 100000}
!7 = !{!"NumCounts", i64 12}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 6}
!13 = !{i32 999999, i64 1000, i32 9}
!14 = !{!"function_entry_count", i64 1000}
!15 = !{!"branch_weights", i32 1000, i32 199000}
!16 = !{!"branch_weights", i32 1000, i32 40000}
!17 = !{!"function_entry_count", i64 100000}
!18 = !{!"branch_weights", i32 100000, i32 150000}
!19 = !{!"branch_weights", i32 1000, i32 1995}
