; REQUIRES: x86-registered
;
; A loop profile with edges (`hotlayout loops` writes each function's
; counted control flow between its blocks) has hotalign count the loops of
; the layout it is compiling, as the judge will count them in this binary,
; not the first build's loop records: a final build with a block order
; (-fbasic-block-sections=list=) rotates loops, and the records then name
; targets this layout has no loop at (zopfli 1.0.3's ZopfliLZ77Greedy: its
; hottest loop went unaligned, "back-edge count 0").
;   @rotated: the file's loop record names block 5 (the first build's
;             target), the edges say block 1 jumps back to itself 64956
;             times, entered 156 times: counted here, hot (the threshold
;             60000 is the first build's least hot count), aligned.
; Negative twins:
;   @rotated, no edges (an older file): the record's hot loop starts no loop
;             here: "do not fit its code", the compiler's profile decides.
;   @cold_by_edges: the edges count 900 back edges, under the threshold
;             x -hotalign-profile-slack (2): cold in the binary.
;   @stale:   an edge names block 9, which this function does not have (its
;             code changed since): "do not fit its code".
;   Each "do not fit" names the block that tells profile and code apart;
;   built without -basic-block-address-map, no block has an ID to match.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 60000' \
; RUN:   'function rotated' 'block 0 156' 'block 1 65112' 'block 2 156' \
; RUN:   'loop 5 64956 156 156 1' 'edge 0 1 156' 'edge 1 1 64956' 'edge 1 2 156' \
; RUN:   'function cold_by_edges' 'block 0 100' 'block 1 1000' 'block 2 100' \
; RUN:   'edge 0 1 100' 'edge 1 1 900' 'edge 1 2 100' \
; RUN:   'function stale' 'block 0 156' 'block 1 65112' 'block 2 156' \
; RUN:   'edge 0 1 156' 'edge 1 1 64956' 'edge 1 9 156' > %t/edges.txt
; RUN: grep -v '^edge' %t/edges.txt > %t/records.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/edges.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/records.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o /dev/null \
; RUN:   2>&1 | FileCheck %s --check-prefix=RECORDS
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-loop-profile=%t/edges.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOMAP

; CHECK: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 64956 (the binary's), 416.4 per loop entry, 416.4 per fall-through entry; 16 hot bytes in a 16-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back-edge count 64956, alignment 64, max-skip 15 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 900 (the binary's), 9.0 per loop entry, 9.0 per fall-through entry; 16 hot bytes in a 16-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold in the binary: back-edge count 900 is not among the loops that make up 99% of its back-edge counts (loop profile); warm, but the block before it may fall into it: padding would run{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: the loop profile's counts of stale do not fit its code (changed since the profiled build?): it has no address-map block 9, which the profile counts; the compiler's profile decides its loops{{$}}

; RECORDS: remark: <unknown>:0:0: the loop profile's counts of rotated do not fit its code (changed since the profiled build?): the profile's hot loop at address-map block 5 starts no loop here; the compiler's profile decides its loops{{$}}

; NOMAP: remark: <unknown>:0:0: the loop profile's counts of rotated do not fit its code (changed since the profiled build?): its block %bb.0 has no address-map ID; the compiler's profile decides its loops{{$}}

define void @rotated(ptr %a, i64 %n) !prof !20 {
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

define void @cold_by_edges(ptr %a, i64 %n) !prof !20 {
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

define void @stale(ptr %a, i64 %n) !prof !20 {
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
  br i1 %done, label %exit, label %loop, !prof !21

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
