; REQUIRES: x86-registered
;
; With -hotalign-loop-profile (the binary's own counts: `hotlayout loops` of
; the profiled first build) a function's loops take the binary's counts and
; its judge's verdict, by address-map block ID, instead of the compiler's.
;   @undercounted: the IR profile says 0.8 iterations per entry (cold); the
;                  binary counted 416 per entry, hot: aligned, with its count.
; Negative twins:
;   @overcounted:  hot by the IR profile (10 per entry); the binary's judge
;                  calls it cold (not in the 99% cut): not aligned.
;   @absent:       no counts in the loop profile: the compiler's decide (hot).
; And near the cut: the least hot count in the binary is 3000000 (threshold);
;   @near_cut:     not hot by the judge, but it iterates and 1600000 x 2 reaches
;                  it: aligned, since judges that count a few loops otherwise
;                  draw the cut a little elsewhere (@overcounted, 1000000 x 2,
;                  does not reach it).
;   @mismatched:   the profile's hot loop starts at block 7, no loop target
;                  here (code changed since): said, and the compiler decides.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 3000000' \
; RUN:   'function undercounted' 'block 1 65112' 'loop 1 64956 156 156 1' \
; RUN:   'function overcounted' 'block 1 1100000' 'loop 1 1000000 100000 100000 0' \
; RUN:   'function mismatched' 'block 7 5000' 'loop 7 4000 10 10 1' \
; RUN:   'function near_cut' 'block 1 1700000' 'loop 1 1600000 100000 100000 0' > %t/loops.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/loops.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 | FileCheck %s
;
; The compiler's own verdicts, without the loop profile:
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=COMPILER %s

; CHECK: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 64956 (the binary's), 416.4 per loop entry, 416.4 per fall-through entry; 16 hot bytes in a 16-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 64956, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 1000000 (the binary's), 10.0 per loop entry, 10.0 per fall-through entry; 16 hot bytes in a 16-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold in the binary: back-edge count 1000000 is not among the loops that make up 99% of its back-edge counts (loop profile); warm, but the block before it may fall into it: padding would run{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 1000000, 10.0 per loop entry, 10.0 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{[0-9]+}} hot bytes, back-edge count 1000000, alignment 64, max-skip {{[0-9]+}} (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: the loop profile's counts of mismatched do not fit its code (changed since the profiled build?): the profile's hot loop at address-map block 7 starts no loop here; the compiler's profile decides its loops{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 1000000, 10.0 per loop entry, 10.0 per fall-through entry; 16 hot bytes in a 16-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 1000000, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 1600000 (the binary's), 16.0 per loop entry, 16.0 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{[0-9]+}} hot bytes, back-edge count 1600000, alignment 64, max-skip {{[0-9]+}} (line start where its span needs one){{$}}
; CHECK-NOT: remark:

; COMPILER: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 0.8 times per loop entry (hot loops iterate at least 2){{$}}
; COMPILER-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 1000000, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; COMPILER-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{[0-9]+}} hot bytes, back-edge count 1000000, alignment 64, max-skip {{[0-9]+}} (line start where its span needs one){{$}}
; COMPILER-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 1000000, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; COMPILER-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{[0-9]+}} hot bytes, back-edge count 1000000, alignment 64, max-skip {{[0-9]+}} (line start where its span needs one){{$}}
; COMPILER-NOT: remark:

define void @undercounted(ptr %a, i64 %n) !prof !20 {
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
  br i1 %done, label %exit, label %loop, !prof !21

exit:
  ret void
}

define void @overcounted(ptr %a, i64 %n) !prof !20 {
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
  br i1 %done, label %exit, label %loop, !prof !22

exit:
  ret void
}

define void @absent(ptr %a, i64 %n) !prof !20 {
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
  br i1 %done, label %exit, label %loop, !prof !22

exit:
  ret void
}

define void @mismatched(ptr %a, i64 %n) !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 9
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !22

exit:
  ret void
}

define void @near_cut(ptr %a, i64 %n) !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 11
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
!21 = !{!"branch_weights", i32 100000, i32 80000}
!22 = !{!"branch_weights", i32 100000, i32 1000000}
