; With a profile, an iterating loop is hot when its back-edge count, times
; -hotalign-profile-slack (default 2), reaches the count threshold that the
; profile summary gives for -hotalign-hot-percentile (per million; a value
; between two of the summary's cutoffs takes the next one up; default 990000:
; the definition's hot loops make up 99% of all iterating loops' back-edge
; counts), or when it is at least 1/-hotalign-max-count-ratio (default 16) of
; the summary's largest count (a dominant loop). Both are there because derived
; counts fall below the raw counts the summary is built from (see
; profile-instr-dominant-loop-is-hot.c). The summary below says the counts
; making up 90% of the profile are at least 1000000, 99% at least 100000,
; 99.9% at least 10000 and 99.9999% at least 1000; the largest is 1000000.
; @hot's back edge is taken 199000 times (dominant: 199000 * 16 >= 1000000),
; @warm's 6000 times; both functions are entered 1000 times.
;
;   percentile        threshold  defaults: @hot  @warm    slack 1, no dominance
;   990000 (default)     100000  aligned  cold           aligned  cold
;   999000                10000  aligned  aligned        aligned  cold
;   999999                 1000  aligned  aligned        aligned  aligned
;   900000              1000000  aligned  cold           cold     cold
;
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.def.s 2> %t.def.r
; RUN: cat %t.def.r %t.def.s | FileCheck %s --check-prefix=DEFAULT
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-hot-percentile=999000 %s -o %t.999.s 2> %t.999.r
; RUN: cat %t.999.r %t.999.s | FileCheck %s --check-prefix=BOTH
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-hot-percentile=999999 %s -o %t.all.s 2> %t.all.r
; RUN: cat %t.all.r %t.all.s | FileCheck %s --check-prefix=BOTH
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-hot-percentile=900000 %s -o %t.90.s 2> %t.90.r
; RUN: cat %t.90.r %t.90.s | FileCheck %s --check-prefix=DEFAULT
;
; Without slack and without the dominant-loop rule, the raw thresholds:
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 %s \
; RUN:   -o %t.s1.s 2> %t.s1.r
; RUN: cat %t.s1.r %t.s1.s | FileCheck %s --check-prefix=DEFAULT
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 \
; RUN:   -hotalign-hot-percentile=999000 %s -o %t.s1999.s 2> %t.s1999.r
; RUN: cat %t.s1999.r %t.s1999.s | FileCheck %s --check-prefix=DEFAULT
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 \
; RUN:   -hotalign-hot-percentile=999999 %s -o %t.s1all.s 2> %t.s1all.r
; RUN: cat %t.s1all.r %t.s1all.s | FileCheck %s --check-prefix=BOTH
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-profile-slack=1 -hotalign-max-count-ratio=0 \
; RUN:   -hotalign-hot-percentile=900000 %s -o %t.s190.s 2> %t.s190.r
; RUN: cat %t.s190.r %t.s190.s | FileCheck %s --check-prefix=NONE

target triple = "x86_64-unknown-linux-gnu"

; With a profile the remark gives the back-edge count; a cold one, the
; threshold it missed.
; DEFAULT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 199000, alignment 64, max-skip 63 (line start){{$}}
; DEFAULT-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back-edge count 6000 x {{[12]}} is below the profile's hot threshold {{100000|10000|1000000}} (percentile {{990000|999000|900000}}){{$}}
; DEFAULT-NOT: remark:
; DEFAULT-LABEL: hot:
; DEFAULT: .p2align 6, {{(0x90)?}}, 63{{$}}
; DEFAULT-NEXT: .LBB0_1: # %loop
; DEFAULT-LABEL: warm:
; DEFAULT-NOT: .p2align 6
; DEFAULT: .LBB1_1: # %loop
; DEFAULT-NOT: .p2align 6

; BOTH: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 199000, alignment 64, max-skip 63 (line start){{$}}
; BOTH-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 6000, alignment 64, max-skip 63 (line start){{$}}
; BOTH-NOT: remark:
; BOTH-LABEL: hot:
; BOTH: .p2align 6, {{(0x90)?}}, 63{{$}}
; BOTH-NEXT: .LBB0_1: # %loop
; BOTH-LABEL: warm:
; BOTH: .p2align 6, {{(0x90)?}}, 63{{$}}
; BOTH-NEXT: .LBB1_1: # %loop

; NONE: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back-edge count 199000 x 1 is below the profile's hot threshold 1000000 (percentile 900000){{$}}
; NONE-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back-edge count 6000 x 1 is below the profile's hot threshold 1000000 (percentile 900000){{$}}
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
; Exit once per entry: @hot's back edge is taken 199 times per entry, @warm's 6.
!21 = !{!"branch_weights", i32 1000, i32 199000}
!22 = !{!"branch_weights", i32 1000, i32 6000}
