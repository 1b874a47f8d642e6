; REQUIRES: x86-registered
;
; The profile-guided size decision (shouldOptimizeForSize, which needs the
; block frequencies that late in codegen nobody keeps) is not asked of a
; function where the loop profile calls a loop hot: such a loop outweighs
; the size decision, and the function is not cold, whatever the IR
; profile's counts say. Its warm loop (step 10) is then aligned without
; computing the frequencies (bzip2's BZ2_decompress: 260 M instructions,
; 2.5 % of its file's compile, went into that one question).
; Both functions are cold by the IR profile (entry count 1: size-optimised
; by PGSO); in each, a warm loop laid out after a `ret` (its padding can
; never run) comes before a second loop.
;   @with_hot:  the second loop is hot in the loop profile: it is aligned,
;               and so is the warm loop.
; Negative twin:
;   @warm_only: the second loop is cold in the loop profile too: the size
;               decision is asked, says cold, and the warm loop is left.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 3000000' \
; RUN:   'function with_hot' 'block 3 110000' 'loop 3 100000 10000 0 0' \
; RUN:   'block 5 5100000' 'loop 5 5000000 100000 100000 0' \
; RUN:   'function warm_only' 'block 3 110000' 'loop 3 100000 10000 0 0' \
; RUN:   'block 5 60' 'loop 5 50 10 10 0' > %t/loops.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/loops.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s

; CHECK:      remark: <unknown>:0:0: aligned warm loop at %bb.1: 16 hot bytes, back-edge count 100000 (the binary's; under its hot cut), alignment 64, max-skip 15 (the block before it cannot fall into it: the padding never runs){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.3: 12 hot bytes, back-edge count 5000000, alignment 64, max-skip 11 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold in the binary: back-edge count 100000 is not among the loops that make up 99% of its back-edge counts (loop profile); warm, but its function is optimised for size{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.3 not aligned: cold in the binary: back-edge count 50 is not among the loops that make up 99% of its back-edge counts (loop profile){{$}}
; CHECK-NOT:  remark:

define void @with_hot(ptr %a, i64 %n, i1 %skip, ptr %c, i64 %m) !prof !20 {
entry:
  br i1 %skip, label %early, label %warm, !prof !23

early:
  ret void

warm:
  %i = phi i64 [ 0, %entry ], [ %i.next, %warm ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %mid, label %warm, !prof !22

mid:
  %b = getelementptr inbounds i32, ptr %c, i64 1
  br label %hot

hot:
  %j = phi i64 [ 0, %mid ], [ %j.next, %hot ]
  %q = getelementptr inbounds i32, ptr %b, i64 %j
  %w = load i32, ptr %q, align 4
  %y = add i32 %w, 7
  store i32 %y, ptr %q, align 4
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %m
  br i1 %jdone, label %exit, label %hot, !prof !22

exit:
  ret void
}

define void @warm_only(ptr %a, i64 %n, i1 %skip, ptr %c, i64 %m) !prof !20 {
entry:
  br i1 %skip, label %early, label %warm, !prof !23

early:
  ret void

warm:
  %i = phi i64 [ 0, %entry ], [ %i.next, %warm ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %mid, label %warm, !prof !22

mid:
  %b = getelementptr inbounds i32, ptr %c, i64 1
  br label %hot

hot:
  %j = phi i64 [ 0, %mid ], [ %j.next, %hot ]
  %q = getelementptr inbounds i32, ptr %b, i64 %j
  %w = load i32, ptr %q, align 4
  %y = add i32 %w, 7
  store i32 %y, ptr %q, align 4
  %j.next = add nuw i64 %j, 1
  %jdone = icmp eq i64 %j.next, %m
  br i1 %jdone, label %exit, label %hot, !prof !22

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
!20 = !{!"function_entry_count", i64 1}
!22 = !{!"branch_weights", i32 1, i32 10}
!23 = !{!"branch_weights", i32 9, i32 1}
