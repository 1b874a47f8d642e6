; REQUIRES: x86-registered
;
; A function the profile says never ran (entry count 0) has no hot loop and
; no hot entry: hotalign says so once and does not look at its loops, which
; spares computing its block frequencies (most of hotalign's cost where most
; of a file never ran: lz4's lz4.c, bench/compile-cost). Both functions hold
; the same loop:
;   @unused: entry count 0: one remark, no loop remark, nothing aligned;
;   @idle:   entry count 0 and no loop: no remark at all.
; Negative twin:
;   @ran:   entry count 1, its loop's back edge taken 99999 times: looked at
;           and aligned.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o - 2>%t.remarks | FileCheck %s --check-prefix=ASM
; RUN: FileCheck %s < %t.remarks

; CHECK: remark: <unknown>:0:0: cold: unused never ran in the profile (entry count 0): its loops are not looked at{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{[0-9]+}} hot bytes, back-edge count {{9999[89]}}, alignment 64{{.*}}
; CHECK-NOT: remark:

; ASM-LABEL: unused:
; ASM-NOT: .p2align 6
; ASM-LABEL: ran:
; ASM: .p2align 6

define void @unused(ptr %a, i64 %n) !prof !14 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !16

exit:
  ret void
}

define void @ran(ptr %a, i64 %n) !prof !15 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !17

exit:
  ret void
}

define i32 @idle(i32 %x) !prof !14 {
entry:
  %y = mul i32 %x, 7
  ret i32 %y
}

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 100000}
!4 = !{!"MaxCount", i64 99999}
!5 = !{!"MaxInternalCount", i64 99999}
!6 = !{!"MaxFunctionCount", i64 1}
!7 = !{!"NumCounts", i64 4}
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 99999, i32 1}
!12 = !{i32 999000, i64 99999, i32 1}
!13 = !{i32 999999, i64 1, i32 2}
!14 = !{!"function_entry_count", i64 0}
!15 = !{!"function_entry_count", i64 1}
; @unused's weights as a profile of a run that never called it leaves them.
!16 = !{!"branch_weights", i32 0, i32 0}
; 1 exit, 99999 back edges.
!17 = !{!"branch_weights", i32 1, i32 99999}
