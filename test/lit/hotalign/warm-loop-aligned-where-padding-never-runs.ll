; REQUIRES: x86-registered
;
; Step 10: a warm loop, one the loop profile counts as iterating but under
; its hot cut (not hot by the judge on the training run; perhaps hot on
; another input), is aligned where its padding can never run: after a block
; that cannot fall into it. The padding then costs bytes, no time, so the
; max-skip pads only where its estimated hot bytes would straddle.
;   @after_ret:   laid out after a `ret`, entered by a jump: aligned (the
;                 assembly: `ret`, then `.p2align 6, , 15` before the loop).
; Negative twins:
;   @falls_in:    the block before it falls into it: its padding would run on
;                 each entry; left, and the remark says why.
;   @below_floor: 50 back edges, under -hotalign-warm-min-count (100, the
;                 judge's least hot count): cold, not warm.
;   -hotalign-warm-min-count=0: @after_ret left as cold.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 3000000' \
; RUN:   'function after_ret' 'block 3 110000' 'loop 3 100000 10000 0 0' \
; RUN:   'function falls_in' 'block 3 110000' 'loop 3 100000 10000 10000 0' \
; RUN:   'function below_floor' 'block 3 60' 'loop 3 50 10 0 0' > %t/loops.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/loops.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o %t/warm.s \
; RUN:   2>&1 | FileCheck %s
; RUN: FileCheck %s --check-prefix=ASM < %t/warm.s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/loops.txt -hotalign-max-function-size=0 \
; RUN:   -hotalign-warm-min-count=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=OFF

; CHECK: remark: <unknown>:0:0: aligned warm loop at %bb.{{[0-9]+}}: 16 hot bytes, back-edge count 100000 (the binary's; under its hot cut), alignment 64, max-skip 15 (the block before it cannot fall into it: the padding never runs){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: cold in the binary: back-edge count 100000 is not among the loops that make up 99% of its back-edge counts (loop profile); warm, but the block before it may fall into it: padding would run{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: cold in the binary: back-edge count 50 is not among the loops that make up 99% of its back-edge counts (loop profile){{$}}
; CHECK-NOT: remark:

; ASM-LABEL: after_ret:
; ASM: retq
; ASM-NEXT: .LBB_END0_1:
; ASM-NEXT: .p2align 6, {{(0x90)?}}, 15
; ASM-NEXT: .LBB0_2: # %loop
; ASM-LABEL: falls_in:
; ASM-NOT: .p2align 6
; ASM-LABEL: below_floor:
; ASM-NOT: .p2align 6

; OFF: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: cold in the binary: back-edge count 100000 is not among the loops that make up 99% of its back-edge counts (loop profile){{$}}
; OFF-NOT: aligned warm loop

define void @after_ret(ptr %a, i64 %n, i1 %skip) !prof !20 {
entry:
  br i1 %skip, label %early, label %loop, !prof !23

early:
  ret void

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !22

exit:
  ret void
}

define void @falls_in(ptr %a, i64 %n, i1 %skip) !prof !20 {
entry:
  br i1 %skip, label %early, label %loop, !prof !24

early:
  ret void

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 5
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !22

exit:
  ret void
}

define void @below_floor(ptr %a, i64 %n, i1 %skip) !prof !20 {
entry:
  br i1 %skip, label %early, label %loop, !prof !23

early:
  ret void

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 7
  store i32 %x, ptr %p, align 4
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
!3 = !{!"TotalCount", i64 2000000}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 100000}
!7 = !{!"NumCounts", i64 10}
!8 = !{!"NumFunctions", i64 4}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000000, i32 1}
!12 = !{i32 990000, i64 50000, i32 3}
!13 = !{i32 999999, i64 1, i32 10}
!20 = !{!"function_entry_count", i64 100000}
!22 = !{!"branch_weights", i32 10000, i32 100000}
!23 = !{!"branch_weights", i32 90000, i32 10000}
!24 = !{!"branch_weights", i32 10000, i32 90000}
