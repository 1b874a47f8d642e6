; REQUIRES: x86-registered
;
; A switch's case that the layout puts before its loop's head, reached only
; through the loop's own jump table and running straight to the head (here
; it falls through the shared latch into it), is the loop's next iteration,
; not an entry into the loop: the judge counts it so (HotLoopJudge.h,
; loopEntries), and so must hotalign when the loop profile's edges count
; the loops of this layout. RandomX 1.1.10's executeSuperscalar: a block
; order put seven of its cases and their copy of the loop test before the
; dispatch, hotalign counted their 45.9 M arrivals as entries (0.3
; iterations per entry, cold), the judge 131072 (97 per entry, hot, and it
; straddled a line).
; Both functions: MachineBlockPlacement lays the loop out (LLVM 19 and 22)
;   [c4: ID 7] [latch: 11] [latch test: 8] [head: 2] [dispatch: 10]
;   [c0: 3] [c2: 5] [c3: 6] [c1: 4]   (%bb.9 is the latch, %bb.10 its test)
; c0..c3 jump back to the latch (ID 11): the loop; c4 falls into it.
;   @many: 100 calls, 1000 iterations each; c4 runs 50000 times, c0..c3
;          48000 (the back jumps). Entered 100 times (the preheader's jump
;          to the head): 480 iterations per entry, hot (48000 x 2 reaches
;          the threshold 60000), aligned.
; Negative twin:
;   @few:  the same shape, 100000 calls of 1.5 iterations: c0..c3 jump back
;          96000 times per 100000 entries (0.96 per entry): cold, though its
;          count is over the threshold. (Before, both counted c4's 50000
;          falls as entries: @many 1.0 per entry, cold.)
; The loop at the latch test (ID 8: the default case's `ja` back to it)
; gets c4's path through the latch as iterations too.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 60000' \
; RUN:   'function many' 'block 0 100' 'block 1 100' 'block 2 100000' \
; RUN:   'block 10 98000' 'block 7 50000' 'block 3 12000' 'block 4 12000' \
; RUN:   'block 5 12000' 'block 6 12000' 'block 11 98000' 'block 8 100000' \
; RUN:   'block 9 100' 'edge 0 1 100' 'edge 1 2 100' 'edge 2 8 2000' \
; RUN:   'edge 2 10 98000' 'edge 10 7 50000' 'edge 10 3 12000' \
; RUN:   'edge 10 4 12000' 'edge 10 5 12000' 'edge 10 6 12000' \
; RUN:   'edge 7 11 50000' 'edge 3 11 12000' 'edge 4 11 12000' \
; RUN:   'edge 5 11 12000' 'edge 6 11 12000' 'edge 11 8 98000' \
; RUN:   'edge 8 2 99900' 'edge 8 9 100' \
; RUN:   'function few' 'block 0 100000' 'block 1 100000' 'block 2 150000' \
; RUN:   'block 10 146000' 'block 7 50000' 'block 3 24000' 'block 4 24000' \
; RUN:   'block 5 24000' 'block 6 24000' 'block 11 146000' 'block 8 150000' \
; RUN:   'block 9 100000' 'edge 0 1 100000' 'edge 1 2 100000' \
; RUN:   'edge 2 8 4000' 'edge 2 10 146000' 'edge 10 7 50000' \
; RUN:   'edge 10 3 24000' 'edge 10 4 24000' 'edge 10 5 24000' \
; RUN:   'edge 10 6 24000' 'edge 7 11 50000' 'edge 3 11 24000' \
; RUN:   'edge 4 11 24000' 'edge 5 11 24000' 'edge 6 11 24000' \
; RUN:   'edge 11 8 146000' 'edge 8 2 50000' 'edge 8 9 100000' > %t/loops.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -relocation-model=pic \
; RUN:   -basic-block-address-map -hotalign-loop-profile=%t/loops.txt \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign -pass-remarks-analysis=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s

; @many: the loop at the latch (%bb.9), and the one at its test (%bb.10,
; cold by its count) that it holds.
; CHECK:      remark: <unknown>:0:0: loop at %bb.10 (address-map block 8): back-edge count 2000 (the binary's), 20.0 per loop entry, 0.0 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.10: its jump table's cases laid out before it run straight back to it 98000 times (the binary's): iterations, not entries{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.10 not aligned: cold in the binary: back-edge count 2000 {{.*$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9 (address-map block 11): back-edge count 48000 (the binary's), 480.0 per loop entry, 1.0 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9: its jump table's cases laid out before it run straight back to it 50000 times (the binary's): iterations, not entries{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.9: {{[0-9]+}} hot bytes, back edges 480.0x loop entry, alignment 64, max-skip {{[0-9]+}} {{.*$}}
; @few.
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.10 (address-map block 8): back-edge count 4000 (the binary's), 0.0 per loop entry, {{.*}}: cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.10: its jump table's cases laid out before it run straight back to it 146000 times (the binary's): iterations, not entries{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.10 not aligned: cold: iterates 0.0 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9 (address-map block 11): back-edge count 96000 (the binary's), 1.0 per loop entry, 1.9 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9: its jump table's cases laid out before it run straight back to it 50000 times (the binary's): iterations, not entries{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9 not aligned: cold: iterates 1.0 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NOT:  remark:

define void @many(ptr %prog, ptr %r, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %exit, label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %ip = zext i32 %i to i64
  %pp = getelementptr inbounds i64, ptr %prog, i64 %ip
  %op = load i8, ptr %pp, align 8
  %dst.p = getelementptr inbounds i8, ptr %pp, i64 1
  %dst = load i8, ptr %dst.p, align 1
  %dz = zext i8 %dst to i64
  %rd = getelementptr inbounds i64, ptr %r, i64 %dz
  %v = load i64, ptr %rd, align 8
  switch i8 %op, label %latch [
    i8 0, label %c0
    i8 1, label %c1
    i8 2, label %c2
    i8 3, label %c3
    i8 4, label %c4
  ]

c0:
  %a0 = add i64 %v, 7
  store i64 %a0, ptr %rd, align 8
  br label %latch

c1:
  %a1 = mul i64 %v, 13
  store i64 %a1, ptr %rd, align 8
  br label %latch

c2:
  %a2 = xor i64 %v, 99
  store i64 %a2, ptr %rd, align 8
  br label %latch

c3:
  %a3 = sub i64 %v, 5
  store i64 %a3, ptr %rd, align 8
  br label %latch

c4:
  %a4 = shl i64 %v, 3
  store i64 %a4, ptr %rd, align 8
  br label %latch

latch:
  %i.next = add nuw i32 %i, 1
  %done = icmp uge i32 %i.next, %n
  br i1 %done, label %exit, label %head

exit:
  ret void
}

define void @few(ptr %prog, ptr %r, i32 %n) {
entry:
  %empty = icmp eq i32 %n, 0
  br i1 %empty, label %exit, label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %ip = zext i32 %i to i64
  %pp = getelementptr inbounds i64, ptr %prog, i64 %ip
  %op = load i8, ptr %pp, align 8
  %dst.p = getelementptr inbounds i8, ptr %pp, i64 1
  %dst = load i8, ptr %dst.p, align 1
  %dz = zext i8 %dst to i64
  %rd = getelementptr inbounds i64, ptr %r, i64 %dz
  %v = load i64, ptr %rd, align 8
  switch i8 %op, label %latch [
    i8 0, label %c0
    i8 1, label %c1
    i8 2, label %c2
    i8 3, label %c3
    i8 4, label %c4
  ]

c0:
  %a0 = add i64 %v, 7
  store i64 %a0, ptr %rd, align 8
  br label %latch

c1:
  %a1 = mul i64 %v, 13
  store i64 %a1, ptr %rd, align 8
  br label %latch

c2:
  %a2 = xor i64 %v, 99
  store i64 %a2, ptr %rd, align 8
  br label %latch

c3:
  %a3 = sub i64 %v, 5
  store i64 %a3, ptr %rd, align 8
  br label %latch

c4:
  %a4 = shl i64 %v, 3
  store i64 %a4, ptr %rd, align 8
  br label %latch

latch:
  %i.next = add nuw i32 %i, 1
  %done = icmp uge i32 %i.next, %n
  br i1 %done, label %exit, label %head

exit:
  ret void
}
