; REQUIRES: x86-registered
;
; LLVM's loop peeling (PGO: the profile's average trip count is small) leaves
; the loop after the peeled copies with the whole loop's branch odds, so the
; compiler's count per entry is the whole loop's average: but only the trips
; longer than the peeled copies reach it, and those iterate (Lua 5.4's
; luaH_newkey, the array-count loop of rehash: 0.8 iterations per entry by
; the profile, 416 by callgrind). A loop LoopPeel marked
; (llvm.loop.peeled.count) is judged by its count alone.
;   @peeled:     0.8 back edges per entry, marked peeled, count 80000 x 2
;                above the threshold: aligned.
; Negative twins:
;   @not_peeled: the same loop and odds, not marked: cold, 0.8 per entry.
;   @peeled_cold: marked peeled, but its count (80) is under the threshold:
;                cold by the count.
;
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -mtriple=x86_64-linux-gnu -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop at %bb.1: back-edge count 80000, 0.8 per loop entry, 0.8 per fall-through entry (peeled: the whole loop's average, not counted); 16 hot bytes in a 16-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 80000, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1: back-edge count 80000, 0.8 per loop entry, 0.8 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 0.8 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1: back-edge count 80, 0.8 per loop entry, 0.8 per fall-through entry (peeled: the whole loop's average, not counted); {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back-edge count 80 x 2 is below the profile's hot threshold 50000 (percentile 990000){{$}}
; CHECK-NOT: remark:

define void @peeled(ptr %a, i64 %n) !prof !20 {
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
  br i1 %done, label %exit, label %loop, !prof !21, !llvm.loop !30

exit:
  ret void
}

define void @not_peeled(ptr %a, i64 %n) !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 5
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !21

exit:
  ret void
}

define void @peeled_cold(ptr %a, i64 %n) !prof !22 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 7
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !21, !llvm.loop !33

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
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000000, i32 1}
!12 = !{i32 990000, i64 50000, i32 3}
!13 = !{i32 999999, i64 1, i32 10}
!20 = !{!"function_entry_count", i64 100000}
!21 = !{!"branch_weights", i32 100000, i32 80000}
!22 = !{!"function_entry_count", i64 100}
!30 = distinct !{!30, !31}
!31 = !{!"llvm.loop.peeled.count", i32 2}
!33 = distinct !{!33, !31}
