; With a profile, a loop is hot when its header's count, times
; -hotalign-profile-slack (default 2), reaches the count threshold that the
; profile summary gives for -hotalign-hot-percentile (per million; a value
; between two of the summary's cutoffs takes the next one up), or when it is
; at least 1/-hotalign-max-count-ratio (default 16) of the summary's largest
; count (a dominant loop). Both are there because derived header counts fall
; below the raw counts the summary is built from (see
; profile-instr-dominant-loop-is-hot.c). The summary below says the counts
; making up 90% of the profile are at least 1000000, 99% at least 100000,
; 99.9% at least 10000 and 99.9999% at least 1000; the largest is 1000000.
; @hot's loop header runs 200000 times (dominant: 200000 * 16 >= 1000000),
; @warm's 5000 times.
;
;   percentile        threshold  defaults: @hot  @warm    no slack, no dominance
;   999000 (default)      10000  aligned  aligned        aligned  cold
;   999999                 1000  aligned  aligned        aligned  aligned
;   990000               100000  aligned  cold           aligned  cold
;   900000              1000000  aligned  cold           cold     cold
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.def.s 2> %t.def.r
; RUN: cat %t.def.r %t.def.s | FileCheck %s --check-prefix=BOTH
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-hot-percentile=999999 %s -o %t.all.s 2> %t.all.r
; RUN: cat %t.all.r %t.all.s | FileCheck %s --check-prefix=BOTH
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-hot-percentile=990000 %s -o %t.99.s 2> %t.99.r
; RUN: cat %t.99.r %t.99.s | FileCheck %s --check-prefix=DEFAULT
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-hot-percentile=900000 %s -o %t.90.s 2> %t.90.r
; RUN: cat %t.90.r %t.90.s | FileCheck %s --check-prefix=DEFAULT
;
; Without slack and without the dominant-loop rule, the raw thresholds:
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 %s \
; RUN:   -o %t.s1.s 2> %t.s1.r
; RUN: cat %t.s1.r %t.s1.s | FileCheck %s --check-prefix=DEFAULT
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 \
; RUN:   -hotalign-hot-percentile=999999 %s -o %t.s1all.s 2> %t.s1all.r
; RUN: cat %t.s1all.r %t.s1all.s | FileCheck %s --check-prefix=BOTH
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 \
; RUN:   -hotalign-hot-percentile=900000 %s -o %t.s190.s 2> %t.s190.r
; RUN: cat %t.s190.r %t.s190.s | FileCheck %s --check-prefix=NONE

target triple = "x86_64-unknown-linux-gnu"

; With a profile the remark gives the header's count, not a frequency.
; DEFAULT: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, count 200000, alignment 64, max-skip 15{{$}}
; DEFAULT-NEXT: remark: <unknown>:0:0: loop not aligned: cold{{$}}
; DEFAULT-NOT: remark:
; DEFAULT-LABEL: hot:
; DEFAULT: .p2align 6, {{(0x90)?}}, 15{{$}}
; DEFAULT-NEXT: .LBB0_1: # %loop
; DEFAULT-LABEL: warm:
; DEFAULT-NOT: .p2align 6
; DEFAULT: .LBB1_1: # %loop
; DEFAULT-NOT: .p2align 6

; BOTH: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, count 200000, alignment 64, max-skip 15{{$}}
; BOTH-NEXT: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, count 5000, alignment 64, max-skip 15{{$}}
; BOTH-NOT: remark:
; BOTH-LABEL: hot:
; BOTH: .p2align 6, {{(0x90)?}}, 15{{$}}
; BOTH-NEXT: .LBB0_1: # %loop
; BOTH-LABEL: warm:
; BOTH: .p2align 6, {{(0x90)?}}, 15{{$}}
; BOTH-NEXT: .LBB1_1: # %loop

; NONE-COUNT-2: remark: <unknown>:0:0: loop not aligned: cold{{$}}
; NONE-NOT: remark:
; NONE-NOT: .p2align 6

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
