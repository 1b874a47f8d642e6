; REQUIRES: x86-registered
;
; A case laid out before its loop's head that only the loop's dispatch
; reaches, and that runs straight to the head, is the loop's next iteration
; (the judge's rule: HotLoopJudge.h, loopEntries). hotalign follows a jump
; table's dispatch there: its successors are the table's cases. An indirect
; branch without one (a computed goto) lists every block whose address the
; function takes, so hotalign cannot tell which of them a jump reaches: it
; counts their arrivals as entries, as before, and says so in a remark
; rather than guess. Both functions, static estimates (no profile), are one
; interpreter loop; MachineBlockPlacement lays out (LLVM 19 and 22)
;   [c4] [latch] ... [head: dispatch] [c0] [c2] [c3] [c1]
; c0..c3 jump back to the latch (%bb.8 in @goto, %bb.9 in @table); c4, the
; dispatch's fifth case, falls into it.
;   @goto:  `indirectbr`: c4's falls stay entries (3.5 back edges per loop
;           entry, cold by the static rule), with the remark naming the
;           branch (%bb.2).
; Negative twin:
;   @table: the same loop through a `switch` (a jump table): c4's falls are
;           iterations, the loop runs 21.3 back edges per entry (before:
;           3.4, cold), hot and aligned; no remark of an unfollowed branch.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -relocation-model=pic \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign -pass-remarks-analysis=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s

; CHECK:      remark: <unknown>:0:0: loop at %bb.8: back edges 3.5 per loop entry, 4.0 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): cold{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.8: the indirect branch ending %bb.2 has no jump table (a computed goto): hotalign cannot tell whether its targets laid out before the loop come back to it, and counts their arrivals as entries (its iterations per entry may be more){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.8 not aligned: cold: back edges run 3.5 times per loop entry (static estimate; hot from 8.0){{$}}
; CHECK-NOT:  has no jump table
; CHECK:      remark: <unknown>:0:0: loop at %bb.9: back edges 21.3 per loop entry, 4.0 per fall-through entry; {{[0-9]+}} hot bytes in a {{[0-9]+}}-byte span (estimated): hot{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.9: its jump table's cases laid out before it run straight back to it 5.3 times per loop entry: iterations, not entries{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.9: {{[0-9]+}} hot bytes, back edges 21.3x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NOT:  remark:

@targets = constant [5 x ptr] [ptr blockaddress(@goto, %c0), ptr blockaddress(@goto, %c1), ptr blockaddress(@goto, %c2), ptr blockaddress(@goto, %c3), ptr blockaddress(@goto, %c4)]

define void @goto(ptr %prog, ptr %r, i32 %n) {
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
  %opz = zext i8 %op to i64
  %tp = getelementptr inbounds ptr, ptr @targets, i64 %opz
  %t = load ptr, ptr %tp, align 8
  indirectbr ptr %t, [label %c0, label %c1, label %c2, label %c3, label %c4]

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

define void @table(ptr %prog, ptr %r, i32 %n) {
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
