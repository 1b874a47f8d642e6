; REQUIRES: x86-registered
;
; Step 9 places a loop for its nested loops by nops before it; where those
; nops would run too often (a case of the loop's own switch laid out before
; it falls in on iterations: RandomX 1.1.10's executeSuperscalar, 3 nops on
; 13.2 M of them), they go before the latest earlier block that nothing
; falls into, from which the code falls through to the loop: there they
; never run. The shape of nested-placement-padding-weighed-per-fall.ll's
; @costly: the loop at the latch (%bb.9) holds the loop at its test
; (%bb.10), refused padding of its own; case c4 (%bb.8) falls into the latch
; 50000 times per 48000 back jumps and is reached only by the switch's jump
; table: the block before it (the preheader) ends in a jump.
;   @dead: the nops go before c4 (4 bytes of code before the latch), a line
;          start and `.fill`s counted from the function's symbol; the latch
;          loses its own alignment (its padding would run on iterations).
; Negative twin:
;   @far:  c4 holds 40 volatile stores (over 256 bytes): a dead point that
;          far before the loop is too much estimated code to place it by, so
;          nothing is padded for %bb.10 (the latch keeps its own line-start
;          plan, as before).
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 60000' \
; RUN: 'function dead' 'block 0 100' 'block 1 100' 'block 2 138000' \
; RUN:  'block 10 98000' 'block 7 50000' 'block 3 12000' 'block 4 12000' \
; RUN:  'block 5 12000' 'block 6 12000' 'block 11 98000' 'block 8 138000' \
; RUN:  'block 9 100' 'edge 0 1 100' 'edge 1 2 100' 'edge 2 8 40000' \
; RUN:  'edge 2 10 98000' 'edge 10 7 50000' 'edge 10 3 12000' \
; RUN:  'edge 10 4 12000' 'edge 10 5 12000' 'edge 10 6 12000' \
; RUN:  'edge 7 11 50000' 'edge 3 11 12000' 'edge 4 11 12000' \
; RUN:  'edge 5 11 12000' 'edge 6 11 12000' 'edge 11 8 98000' \
; RUN:  'edge 8 2 137900' 'edge 8 9 100' 'function far' 'block 0 100' \
; RUN:  'block 1 100' 'block 2 138000' 'block 10 98000' 'block 7 50000' \
; RUN:  'block 3 12000' 'block 4 12000' 'block 5 12000' 'block 6 12000' \
; RUN:  'block 11 98000' 'block 8 138000' 'block 9 100' 'edge 0 1 100' \
; RUN:  'edge 1 2 100' 'edge 2 8 40000' 'edge 2 10 98000' 'edge 10 7 50000' \
; RUN:  'edge 10 3 12000' 'edge 10 4 12000' 'edge 10 5 12000' \
; RUN:  'edge 10 6 12000' 'edge 7 11 50000' 'edge 3 11 12000' \
; RUN:  'edge 4 11 12000' 'edge 5 11 12000' 'edge 6 11 12000' \
; RUN:  'edge 11 8 98000' 'edge 8 2 137900' 'edge 8 9 100' > %t/loops.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -relocation-model=pic \
; RUN:   -basic-block-address-map -hotalign-loop-profile=%t/loops.txt \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign %s \
; RUN:   -o %t/out.s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefix=ASM < %t/out.s

; REMARK:      remark: <unknown>:0:0: aligned hot loop at %bb.9: 70 hot bytes, back edges 480.0x loop entry, alignment 64, max-skip 5 (line start where its span needs one){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: loop at %bb.9 starts 21 bytes into a line so that its nested loop %bb.10 and it sit on their fewest lines (padding before %bb.8, which nothing falls into, never runs; 4 bytes of code between){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.9: {{[0-9]+}} hot bytes, back edges 480.0x loop entry, alignment 64, max-skip {{[0-9]+}} (line start where its span needs one){{$}}
; REMARK-NOT:  remark:

; ASM-LABEL: dead:
; ASM:         jmp .LBB0_6
; ASM-NEXT:  .LBB_END0_1:
; ASM-NEXT:    .p2align 6, {{(0x90)?}}, 46
; ASM-NEXT:  .LBB0_2: # %c4
; ASM-NEXT:    #APP
; ASM-NEXT:  .Ltmp0:
; ASM-NEXT:    .fill ((17-(.Ltmp0-dead))&63)>>3, 8, 0x841f0f
; ASM:       .LBB0_3: # %c4
; ASM-NOT:     .p2align
; ASM:       .LBB0_4: # %latch
; ASM-LABEL: far:
; ASM-NOT:     .fill
; ASM-LABEL: .Lfunc_end1:

define void @dead(ptr %prog, ptr %r, i32 %n) {
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

define void @far(ptr %prog, ptr %r, i32 %n) {
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
  %s0 = getelementptr inbounds i64, ptr %r, i64 300
  store volatile i64 1, ptr %s0, align 8
  %s1 = getelementptr inbounds i64, ptr %r, i64 301
  store volatile i64 8, ptr %s1, align 8
  %s2 = getelementptr inbounds i64, ptr %r, i64 302
  store volatile i64 15, ptr %s2, align 8
  %s3 = getelementptr inbounds i64, ptr %r, i64 303
  store volatile i64 22, ptr %s3, align 8
  %s4 = getelementptr inbounds i64, ptr %r, i64 304
  store volatile i64 29, ptr %s4, align 8
  %s5 = getelementptr inbounds i64, ptr %r, i64 305
  store volatile i64 36, ptr %s5, align 8
  %s6 = getelementptr inbounds i64, ptr %r, i64 306
  store volatile i64 43, ptr %s6, align 8
  %s7 = getelementptr inbounds i64, ptr %r, i64 307
  store volatile i64 50, ptr %s7, align 8
  %s8 = getelementptr inbounds i64, ptr %r, i64 308
  store volatile i64 57, ptr %s8, align 8
  %s9 = getelementptr inbounds i64, ptr %r, i64 309
  store volatile i64 64, ptr %s9, align 8
  %s10 = getelementptr inbounds i64, ptr %r, i64 310
  store volatile i64 71, ptr %s10, align 8
  %s11 = getelementptr inbounds i64, ptr %r, i64 311
  store volatile i64 78, ptr %s11, align 8
  %s12 = getelementptr inbounds i64, ptr %r, i64 312
  store volatile i64 85, ptr %s12, align 8
  %s13 = getelementptr inbounds i64, ptr %r, i64 313
  store volatile i64 92, ptr %s13, align 8
  %s14 = getelementptr inbounds i64, ptr %r, i64 314
  store volatile i64 99, ptr %s14, align 8
  %s15 = getelementptr inbounds i64, ptr %r, i64 315
  store volatile i64 106, ptr %s15, align 8
  %s16 = getelementptr inbounds i64, ptr %r, i64 316
  store volatile i64 113, ptr %s16, align 8
  %s17 = getelementptr inbounds i64, ptr %r, i64 317
  store volatile i64 120, ptr %s17, align 8
  %s18 = getelementptr inbounds i64, ptr %r, i64 318
  store volatile i64 127, ptr %s18, align 8
  %s19 = getelementptr inbounds i64, ptr %r, i64 319
  store volatile i64 134, ptr %s19, align 8
  %s20 = getelementptr inbounds i64, ptr %r, i64 320
  store volatile i64 141, ptr %s20, align 8
  %s21 = getelementptr inbounds i64, ptr %r, i64 321
  store volatile i64 148, ptr %s21, align 8
  %s22 = getelementptr inbounds i64, ptr %r, i64 322
  store volatile i64 155, ptr %s22, align 8
  %s23 = getelementptr inbounds i64, ptr %r, i64 323
  store volatile i64 162, ptr %s23, align 8
  %s24 = getelementptr inbounds i64, ptr %r, i64 324
  store volatile i64 169, ptr %s24, align 8
  %s25 = getelementptr inbounds i64, ptr %r, i64 325
  store volatile i64 176, ptr %s25, align 8
  %s26 = getelementptr inbounds i64, ptr %r, i64 326
  store volatile i64 183, ptr %s26, align 8
  %s27 = getelementptr inbounds i64, ptr %r, i64 327
  store volatile i64 190, ptr %s27, align 8
  %s28 = getelementptr inbounds i64, ptr %r, i64 328
  store volatile i64 197, ptr %s28, align 8
  %s29 = getelementptr inbounds i64, ptr %r, i64 329
  store volatile i64 204, ptr %s29, align 8
  %s30 = getelementptr inbounds i64, ptr %r, i64 330
  store volatile i64 211, ptr %s30, align 8
  %s31 = getelementptr inbounds i64, ptr %r, i64 331
  store volatile i64 218, ptr %s31, align 8
  %s32 = getelementptr inbounds i64, ptr %r, i64 332
  store volatile i64 225, ptr %s32, align 8
  %s33 = getelementptr inbounds i64, ptr %r, i64 333
  store volatile i64 232, ptr %s33, align 8
  %s34 = getelementptr inbounds i64, ptr %r, i64 334
  store volatile i64 239, ptr %s34, align 8
  %s35 = getelementptr inbounds i64, ptr %r, i64 335
  store volatile i64 246, ptr %s35, align 8
  %s36 = getelementptr inbounds i64, ptr %r, i64 336
  store volatile i64 253, ptr %s36, align 8
  %s37 = getelementptr inbounds i64, ptr %r, i64 337
  store volatile i64 260, ptr %s37, align 8
  %s38 = getelementptr inbounds i64, ptr %r, i64 338
  store volatile i64 267, ptr %s38, align 8
  %s39 = getelementptr inbounds i64, ptr %r, i64 339
  store volatile i64 274, ptr %s39, align 8
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

