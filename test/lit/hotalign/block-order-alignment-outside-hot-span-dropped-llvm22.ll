; REQUIRES: llvm-22
;
; In a profiled function a block order lays out (-fbasic-block-sections=list=,
; `hotlayout loops --block-order`), hotalign drops every alignment
; MachineBlockPlacement chose for its own order, not only those inside hot
; loops' spans: hotalign knows which loops are hot and aligns those, and the
; rest of MBP's padding only spreads the hot code over more lines (xz 5.4.1:
; 8 KiB I1 misses 1.038x plain llvm-bolt's with it, 0.989x without). Here
; %warm, a loop of 50 iterations per entry that ran 250 times in all, below
; the profile's hot threshold: MBP aligns it (16 bytes), hotalign does not.
;
; RUN: printf 'v1\nf f\nc 0 1 2 3 4 5\n' > %t.order
; RUN: %llc -load=%plugin -basic-block-sections=%t.order %s -o - \
; RUN:   | FileCheck %s --check-prefix=DROPPED
; Negative twins: with -hotalign-drop-block-alignments=false (only the hot
; spans' alignments go), and without a block order (MBP's order is the
; final one), MBP's `.p2align 4` stays.
; RUN: %llc -load=%plugin -hotalign-drop-block-alignments=false \
; RUN:   -basic-block-sections=%t.order %s -o - \
; RUN:   | FileCheck %s --check-prefix=KEPT
; RUN: %llc -load=%plugin %s -o - | FileCheck %s --check-prefix=KEPT

; DROPPED: .p2align 6, , 15
; DROPPED-NEXT: .LBB0_{{[0-9]+}}: # %hot
; DROPPED-NOT: .p2align
; DROPPED: # %warm{{$}}
; KEPT: # %warm.preheader
; KEPT: .p2align 4
; KEPT-NEXT: .LBB0_{{[0-9]+}}: # %warm{{$}}

target triple = "x86_64-unknown-linux-gnu"

@sink = global i64 0

define void @f(ptr %a, i64 %n, i64 %m) !prof !0 {
entry:
  br label %hot

hot:
  %i = phi i64 [ 0, %entry ], [ %i.next, %hot ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %w = mul i32 %v, 3
  store i32 %w, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %mid, label %hot, !prof !1

mid:
  %skip = icmp eq i64 %m, 0
  br i1 %skip, label %exit, label %warm, !prof !2

warm:
  %j = phi i64 [ 0, %mid ], [ %j.next, %warm ]
  %q = getelementptr inbounds i64, ptr %a, i64 %j
  %x = load i64, ptr %q, align 8
  store volatile i64 %x, ptr @sink, align 8
  %j.next = add nuw i64 %j, 1
  %wdone = icmp eq i64 %j.next, %m
  br i1 %wdone, label %exit, label %warm, !prof !3

exit:
  ret void
}

!0 = !{!"function_entry_count", i64 10}
; The hot loop runs 100000 times a call, %warm 50 times on half of the 10 calls.
!1 = !{!"branch_weights", i32 1, i32 100000}
!2 = !{!"branch_weights", i32 1, i32 1}
!3 = !{!"branch_weights", i32 1, i32 50}

!llvm.module.flags = !{!4}
!4 = !{i32 1, !"ProfileSummary", !5}
!5 = !{!6, !7, !8, !9, !10, !11, !12, !13}
!6 = !{!"ProfileFormat", !"InstrProf"}
!7 = !{!"TotalCount", i64 1000300}
!8 = !{!"MaxCount", i64 1000000}
!9 = !{!"MaxInternalCount", i64 1000000}
!10 = !{!"MaxFunctionCount", i64 10}
!11 = !{!"NumCounts", i64 6}
!12 = !{!"NumFunctions", i64 1}
!13 = !{!"DetailedSummary", !14}
!14 = !{!15, !16, !17}
!15 = !{i32 990000, i64 1000000, i32 1}
!16 = !{i32 999000, i64 1000000, i32 1}
!17 = !{i32 999999, i64 10, i32 6}
