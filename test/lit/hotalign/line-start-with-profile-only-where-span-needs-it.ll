; REQUIRES: x86-registered
;
; With a profile, line-start mode pads a hot loop only where its estimated
; span would touch more lines than it needs (max-skip line-1 minus the span's
; room in its fewest lines), whether or not its padding runs: the loop keeps
; its fewest lines in every build, and its offset is the layout lock's job.
; A full line start costs bytes wherever the span fits anyway, and bytes are
; I1 lines: lzip 1.23's locked functions held 886 bytes of hotalign's nops.
;   @fallen_into: a 17-byte loop of 20 iterations per entry after a jump
;   that falls into it: room 47, max-skip 16.
;   @iterating: the same loop, 100000 iterations per entry: max-skip 16 too.
;   @unsure_fallen: that loop with four nops of inline asm, which the
;   estimate counts as at most 15 bytes each (a 77-byte span, two lines) and
;   at least none (17 bytes, one line), 20 iterations per entry: the span's
;   plan, max-skip 12 (the nops a line start may run, 7 per entry that falls
;   in, times -hotalign-line-start-nop-share (64), outweigh its 20 x 7
;   instructions).
; Negative twins, a full line start (max-skip 63):
;   @unsure: @unsure_fallen's loop, 100000 iterations per entry: the
;   estimate cannot tell its fewest lines, so a plan for two could leave the
;   real 21 bytes across a line (xz 5.4.1's 64-byte loop, estimated a few
;   bytes over a line, did), and the line start's nops are cheap against
;   its work.
;   -hotalign-line-start-nop-share=8: @unsure_fallen's nops are cheap too
;   (7 x 8 <= 20 x 7).
;   @guessed: @fallen_into's loop without profile counts (a static estimate
;   of 20 per entry): no lock keeps its offset, the line start does; it
;   stays while its nops are within 1/-hotalign-min-nested-iterations (8) of
;   the loop's work (line-start-only-where-padding-runs-needs-it.ll).
;   -hotalign-line-start-only-when-needed=false: every loop starts a line.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -pass-remarks=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn --disassemble-symbols=iterating %t.o \
; RUN:   | FileCheck %s --check-prefix=OBJ
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -pass-remarks=hotalign \
; RUN:   -hotalign-line-start-nop-share=8 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=EIGHTH
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -pass-remarks=hotalign \
; RUN:   -hotalign-line-start-only-when-needed=false %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FULL

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 200000, alignment 64, max-skip 16 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 999982, alignment 64, max-skip 16 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 77 hot bytes, back-edge count 999982, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 77 hot bytes, back-edge count 200000, alignment 64, max-skip 12 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back edges 20.0x loop entry, alignment 64, max-skip 63 (line start) (no profile data for this function: static estimate){{$}}
; EIGHTH: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 200000, alignment 64, max-skip 16 (line start where its span needs one){{$}}
; EIGHTH: remark: <unknown>:0:0: aligned hot loop at %bb.1: 77 hot bytes, back-edge count 200000, alignment 64, max-skip 63 (line start){{$}}
; FULL: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 200000, alignment 64, max-skip 63 (line start){{$}}
; FULL-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back-edge count 999982, alignment 64, max-skip 63 (line start){{$}}

; @iterating's loop, not padded: it starts 34 bytes into its line, where the
; code before it ends (within its room, 47), and its back jump ends at 0x33,
; on the same line.
; OBJ: <iterating>:
; OBJ-NEXT: 20: xorl %eax, %eax
; OBJ-NEXT: 22: tzcntq (%rdi), %rcx
; OBJ: 31: jne 0x22
; OBJ-NEXT: 33: retq

define i64 @fallen_into(ptr %a, i64 %n) !prof !14 {
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

define i64 @unsure(ptr %a, i64 %n) !prof !16 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.cttz.i64(i64 %v, i1 true)
  call void asm sideeffect "nop\0A\09nop\0A\09nop\0A\09nop", ""()
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !17

exit:
  ret i64 %s.next
}

define i64 @unsure_fallen(ptr %a, i64 %n) !prof !14 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.cttz.i64(i64 %v, i1 true)
  call void asm sideeffect "nop\0A\09nop\0A\09nop\0A\09nop", ""()
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !15

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
!8 = !{!"NumFunctions", i64 5}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 6}
!13 = !{i32 999999, i64 1000, i32 9}
; @fallen_into and @unsure_fallen: 10000 entries, 20 back edges each.
!14 = !{!"function_entry_count", i64 10000}
!15 = !{!"branch_weights", i32 10000, i32 200000}
; @iterating and @unsure: 10 entries, 100000 back edges each (999982 by the
; scaled weights).
!16 = !{!"function_entry_count", i64 10}
!17 = !{!"branch_weights", i32 10, i32 1000000}
; @guessed: weights alone (no entry count): 20 back edges per entry.
!18 = !{!"branch_weights", i32 1, i32 20}
