; -hotalign-static=false: without a profile nothing is known to be hot, so
; @noprof's loop (19.4x its entry by static estimate, aligned by default) is
; left with a remark saying why. @withprof has a profile (an entry count and
; branch weights in a module with a profile summary): the option does not
; concern it, and its loop (99000 back edges, hot at the summary's 99th
; percentile count) is aligned either way (padded only where its 16-byte
; span would touch two lines: max-skip 15).
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-static=false %s -o %t.off.s 2> %t.off.r
; RUN: cat %t.off.r %t.off.s | FileCheck %s --check-prefix=OFF

target triple = "x86_64-unknown-linux-gnu"

; ON: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start) (no profile data for this function: static estimate){{$}}
; ON-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back-edge count 99000, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; ON-NOT: remark:
; ON-LABEL: noprof:
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_1: # %loop
; ON-LABEL: withprof:
; ON: .p2align 6, {{(0x90)?}}, 15{{$}}
; ON-NEXT: .LBB1_1: # %loop

; OFF: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: no profile and static estimates are off{{$}}
; OFF-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back-edge count 99000, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; OFF-NOT: remark:
; OFF-LABEL: noprof:
; OFF: je .LBB0_2
; OFF-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; OFF-NEXT: .LBB0_1: # %loop
; OFF-LABEL: withprof:
; OFF: .p2align 6, {{(0x90)?}}, 15{{$}}
; OFF-NEXT: .LBB1_1: # %loop

define void @noprof(ptr %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @withprof(ptr %a, i64 %n) !prof !20 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop, !prof !21

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
!3 = !{!"TotalCount", i64 101000}
!4 = !{!"MaxCount", i64 100000}
!5 = !{!"MaxInternalCount", i64 100000}
!6 = !{!"MaxFunctionCount", i64 1000}
!7 = !{!"NumCounts", i64 2}
!8 = !{!"NumFunctions", i64 1}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 1}
!12 = !{i32 999000, i64 1000, i32 2}
!13 = !{i32 999999, i64 1000, i32 2}
!20 = !{!"function_entry_count", i64 1000}
!21 = !{!"branch_weights", i32 0, i32 1000}
!22 = !{!"branch_weights", i32 1000, i32 99000}
