; REQUIRES: x86-registered
;
; With a loop profile's edges hotalign counts the loops of the layout it
; compiles (countLoopsWithEdges), and counts their entries as the judge does
; (docs/hot-loops.md): a case of the loop's own jump table laid out before
; the loop's head, reached only by the table and running straight to the
; head, is the loop's own code: its fall into the head is the next iteration,
; not an entry (issue 29: xz 5.4.1's lzma_lzma_encode, 0.9 iterations per
; entry to hotalign, 3.4 to callgrind, left cold and straddling).
;   @run:    case 2 (ID 6, 75000 of 100000 ops) sits before the head (ID 8,
;            the target of cases 0 and 1's back jumps, 25000) and falls into
;            it; the one entry is the call's (100): 250 per entry, hot,
;            aligned. Before, the 75000 falls were entries: 0.3, cold.
; Negative twin:
;   @leaves: case 2 leaves the inner loop for the outer loop's code, which
;            enters the inner loop anew: 75000 entries, 0.3 per entry, cold.
;            (The switch and counts of test/lit/Inputs/switch-case-before-head.c,
;            its block IDs and counts as `hotlayout loops` wrote them.)
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 999' \
; RUN:   'function run' 'block 0 100' 'block 2 100' 'block 3 100000' \
; RUN:   'block 4 12450' 'block 5 12550' 'block 6 75000' 'block 8 100000' \
; RUN:   'block 9 100000' 'loop 8 25000 100 75000 1' 'edge 0 3 100' \
; RUN:   'edge 3 9 100000' 'edge 4 8 12450' 'edge 5 8 12550' 'edge 6 8 75000' \
; RUN:   'edge 8 2 100' 'edge 8 3 99900' 'edge 9 4 12450' 'edge 9 5 12550' \
; RUN:   'edge 9 6 75000' \
; RUN:   'function leaves' 'block 0 100' 'block 1 100' 'block 2 75000' 'block 3 100000' \
; RUN:   'block 4 12450' 'block 5 12550' 'block 6 75000' 'block 8 25000' 'block 9 75000' \
; RUN:   'block 10 100' 'block 11 100000' 'loop 8 25000 75000 0 0' 'edge 0 1 100' 'edge 1 2 100' \
; RUN:   'edge 2 3 75000' 'edge 3 11 100000' 'edge 4 8 12450' 'edge 5 8 12550' 'edge 6 9 75000' \
; RUN:   'edge 8 3 25000' 'edge 9 2 74900' 'edge 9 10 100' 'edge 11 4 12450' 'edge 11 5 12550' \
; RUN:   'edge 11 6 75000' > %t/p.loops
; RUN: %llc -O1 -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/p.loops -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop at %bb.[[#]] (address-map block 8): back-edge count 25000 (the binary's), 250.0 per loop entry, 0.3 per fall-through entry; {{.*}}: hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.[[#]]: its jump table's cases laid out before it run straight back to it 75000 times (the binary's): iterations, not entries{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.[[#]]: {{.*}} hot bytes, {{.*}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.[[#]] (address-map block 8): back-edge count 25000 (the binary's), 0.3 per loop entry; {{.*}}: cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.[[#]] not aligned: cold: iterates 0.3 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NOT: remark

define i32 @run(ptr %Ops, i64 %N) nounwind {
entry:
  %cmp10 = icmp sgt i64 %N, 0
  br i1 %cmp10, label %for.body, label %for.cond.cleanup

for.cond.cleanup:
  %Acc.0.lcssa = phi i32 [ 0, %entry ], [ %Acc.1, %for.inc ]
  ret i32 %Acc.0.lcssa

for.body:
  %I.012 = phi i64 [ %inc, %for.inc ], [ 0, %entry ]
  %Acc.011 = phi i32 [ %Acc.1, %for.inc ], [ 0, %entry ]
  %arrayidx = getelementptr inbounds i8, ptr %Ops, i64 %I.012
  %0 = load i8, ptr %arrayidx, align 1
  switch i8 %0, label %for.inc [
    i8 0, label %sw.bb
    i8 1, label %sw.bb1
    i8 2, label %sw.bb2
    i8 3, label %sw.bb3
  ]

sw.bb:
  %mul = mul nsw i32 %Acc.011, 3
  br label %for.inc

sw.bb1:
  %add = add nsw i32 %Acc.011, 1
  br label %for.inc

sw.bb2:
  %xor = xor i32 %Acc.011, 5
  br label %for.inc

sw.bb3:
  %sub = add nsw i32 %Acc.011, -7
  br label %for.inc

for.inc:
  %Acc.1 = phi i32 [ %Acc.011, %for.body ], [ %mul, %sw.bb ], [ %add, %sw.bb1 ], [ %xor, %sw.bb2 ], [ %sub, %sw.bb3 ]
  %inc = add nuw nsw i64 %I.012, 1
  %exitcond.not = icmp eq i64 %inc, %N
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define i32 @leaves(ptr %Ops, i64 %N) nounwind {
entry:
  %c = icmp sgt i64 %N, 0
  br i1 %c, label %outer, label %done

outer:
  %i.o = phi i64 [ %next.i, %latch ], [ 0, %entry ]
  %acc.o = phi i32 [ %next.acc, %latch ], [ 0, %entry ]
  %acc.100 = add nsw i32 %acc.o, 100
  %i.1 = add nsw i64 %i.o, 1
  %max = tail call i64 @llvm.smax.i64(i64 %N, i64 %i.1)
  br label %inner

inner:
  %i = phi i64 [ %i.o, %outer ], [ %i.next, %inc ]
  %acc = phi i32 [ %acc.100, %outer ], [ %acc.next, %inc ]
  %p = getelementptr inbounds i8, ptr %Ops, i64 %i
  %op = load i8, ptr %p, align 1
  switch i8 %op, label %inc [
    i8 0, label %c0
    i8 1, label %c1
    i8 2, label %c2
    i8 3, label %c3
  ]

c0:
  %m = mul nsw i32 %acc, 3
  br label %inc

c1:
  %a = add nsw i32 %acc, 1
  br label %inc

c2:
  %skip = add nsw i64 %i, 1
  br label %latch

c3:
  %s = add nsw i32 %acc, -7
  br label %inc

inc:
  %acc.next = phi i32 [ %acc, %inner ], [ %m, %c0 ], [ %a, %c1 ], [ %s, %c3 ]
  %i.next = add nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %N
  br i1 %more, label %inner, label %latch

latch:
  %next.acc = phi i32 [ %acc, %c2 ], [ %acc.next, %inc ]
  %next.i = phi i64 [ %skip, %c2 ], [ %max, %inc ]
  %again = icmp slt i64 %next.i, %N
  br i1 %again, label %outer, label %done

done:
  %r = phi i32 [ 0, %entry ], [ %next.acc, %latch ]
  ret i32 %r
}

declare i64 @llvm.smax.i64(i64, i64)
