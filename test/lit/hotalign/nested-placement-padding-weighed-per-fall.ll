; REQUIRES: x86-registered
;
; Step 9 pads before an enclosing loop only where the most nops a line offset
; may take (63 bytes: 7) are cheap against that loop's work per fall into
; it, whether or not the fall is an entry: a case of the loop's own switch
; laid out before it falls in on iterations (RandomX 1.1.10's
; executeSuperscalar: the loop test, behind such a case, was started on a
; line for its nested dispatch loop, and its 3 nops ran on 13.2 M of them,
; +2.7 % of the program's instructions). The shape of
; loop-profile-jump-table-cases-before-head.ll: the loop at the latch
; (%bb.9, ID 11) holds the loop at its test (%bb.10, ID 8: the default
; case's `ja` back to it, 40000 times), which iterates 0.4 times per fall
; into it (nested, refused); case c4 (ID 7) is laid out before the latch and
; falls into it.
;   @costly: c4 falls in 50000 times per 48000 back jumps (1.0 iterations
;            per fall): 7 nops x 8 are more than 1.0 x its instructions, so
;            nothing is padded right before it for %bb.10; the nops go before
;            c4, which nothing falls into, where they never run
;            (nested-placement-pads-at-dead-point.ll has that rule's twin).
; Negative twin:
;   @cheap:  c4 falls in 500 times per 97500 back jumps (195 per fall): the
;            latch starts 21 bytes into a line for %bb.10, as before.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 60000' \
; RUN:  'function costly' 'block 0 100' 'block 1 100' 'block 2 138000' \
; RUN:  'block 10 98000' 'block 7 50000' 'block 3 12000' 'block 4 12000' \
; RUN:  'block 5 12000' 'block 6 12000' 'block 11 98000' 'block 8 138000' \
; RUN:  'block 9 100' 'edge 0 1 100' 'edge 1 2 100' 'edge 2 8 40000' \
; RUN:  'edge 2 10 98000' 'edge 10 7 50000' 'edge 10 3 12000' \
; RUN:  'edge 10 4 12000' 'edge 10 5 12000' 'edge 10 6 12000' \
; RUN:  'edge 7 11 50000' 'edge 3 11 12000' 'edge 4 11 12000' \
; RUN:  'edge 5 11 12000' 'edge 6 11 12000' 'edge 11 8 98000' \
; RUN:  'edge 8 2 137900' 'edge 8 9 100' 'function cheap' 'block 0 100' \
; RUN:  'block 1 100' 'block 2 138000' 'block 10 98000' 'block 7 500' \
; RUN:  'block 3 24375' 'block 4 24375' 'block 5 24375' 'block 6 24375' \
; RUN:  'block 11 98000' 'block 8 138000' 'block 9 100' 'edge 0 1 100' \
; RUN:  'edge 1 2 100' 'edge 2 8 40000' 'edge 2 10 98000' 'edge 10 7 500' \
; RUN:  'edge 10 3 24375' 'edge 10 4 24375' 'edge 10 5 24375' \
; RUN:  'edge 10 6 24375' 'edge 7 11 500' 'edge 3 11 24375' 'edge 4 11 24375' \
; RUN:  'edge 5 11 24375' 'edge 6 11 24375' 'edge 11 8 98000' \
; RUN:  'edge 8 2 137900' 'edge 8 9 100' > %t/loops.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -relocation-model=pic \
; RUN:   -basic-block-address-map -hotalign-loop-profile=%t/loops.txt \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s

; CHECK:      remark: <unknown>:0:0: aligned hot loop at %bb.9: 70 hot bytes, back edges 480.0x loop entry, alignment 64, max-skip 5 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9 starts 21 bytes into a line so that its nested loop %bb.10 and it sit on their fewest lines (padding before %bb.8, which nothing falls into, never runs; 4 bytes of code between){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.9: 70 hot bytes, back edges 975.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9 starts 21 bytes into a line so that its nested loop %bb.10 and it sit on their fewest lines (padding before it runs once per entry){{$}}
; CHECK-NOT:  remark:

define void @costly(ptr %prog, ptr %r, i32 %n) {
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

define void @cheap(ptr %prog, ptr %r, i32 %n) {
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
