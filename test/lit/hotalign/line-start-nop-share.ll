; REQUIRES: x86-registered
;
; A full line start buys a loop its offset, not its fit: where the block
; before it may fall into it, its nops run once per entry that falls in. With
; a profile the loop keeps it only when its most nops per such entry (7 on
; x86) are at most 1/-hotalign-line-start-nop-share (64) of the instructions
; its iterations run per entry; otherwise it is padded only where its
; estimated span would touch more lines than it needs. lzip 1.23's 41-byte
; encoder loop of 10.2 iterations per entry was within 1/8 (the nested-loop
; floor the rule used before) and ran 1.9 M nops, +0.84 % of the program's
; instructions.
;   @twenty: a 17-byte loop of 6 instructions and 20 iterations per entry
;   (profile) after a conditional jump that falls into it: 7 x 64 nops >
;   20 x 6, so max-skip 16 (the span's room is 47).
; Negative twins:
;   -hotalign-line-start-nop-share=8: 7 x 8 <= 20 x 6, @twenty starts a
;   line (max-skip 63).
;   @iterating: the same loop, 100000 iterations per entry: a line start at
;   the default share.
;   @guessed: the same loop without profile counts (a static estimate of 20
;   per entry): a guess, and no lock keeps its offset; the line start stays
;   at the nested-loop floor (1/-hotalign-min-nested-iterations, 8).
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-static-ratio=2 -pass-remarks=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-static-ratio=2 -pass-remarks=hotalign \
; RUN:   -hotalign-line-start-nop-share=8 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EIGHTH

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 200000, alignment 64, max-skip 16 (line start where its span needs one: its padding runs when the block before falls in){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 999982, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back edges 20.0x loop entry, alignment 64, max-skip 63 (line start) (no profile data for this function: static estimate){{$}}
; EIGHTH: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 200000, alignment 64, max-skip 63 (line start){{$}}

define i64 @twenty(ptr %a, i64 %n) !prof !14 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.cttz.i64(i64 %v, i1 true)
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !15

exit:
  ret i64 %s.next
}

define i64 @iterating(ptr %a, i64 %n) !prof !16 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.cttz.i64(i64 %v, i1 true)
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !17

exit:
  ret i64 %s.next
}

define i64 @guessed(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.cttz.i64(i64 %v, i1 true)
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !18

exit:
  ret i64 %s.next
}

declare i64 @llvm.cttz.i64(i64, i1)

!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 2000000}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 10000}
!7 = !{!"NumCounts", i64 8}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 6}
!13 = !{i32 999999, i64 1000, i32 9}
; @twenty: 10000 entries, 20 back edges each.
!14 = !{!"function_entry_count", i64 10000}
!15 = !{!"branch_weights", i32 10000, i32 200000}
; @iterating: 10 entries, 100000 back edges each (999982 by the scaled
; weights).
!16 = !{!"function_entry_count", i64 10}
!17 = !{!"branch_weights", i32 10, i32 1000000}
; @guessed: weights alone (no entry count): 20 back edges per entry.
!18 = !{!"branch_weights", i32 1, i32 20}
