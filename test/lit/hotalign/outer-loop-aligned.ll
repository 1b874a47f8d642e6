; Every hot tight loop is aligned, outer loops too, in either mode: @nest's
; outer loop (static estimate, its latch weighted: back edges 15x per entry)
; and its inner loop (31x per entry) each start a line. Inner loops are decided
; first, so the outer loop's span counts the padding before the inner one
; (99 bytes, of which 36 are hot code). An outer loop's head straddling costs a
; line per outer iteration.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=BOTH
;
; Negative twin: at -hotalign-static-ratio=20 the outer loop is cold and keeps
; LLVM's `.p2align 4`; the inner one is still aligned.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-static-ratio=20 %s -o %t.in.s 2> %t.in.r
; RUN: cat %t.in.r %t.in.s | FileCheck %s --check-prefix=INNER
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; BOTH: remark: <unknown>:0:0: aligned hot loop at %bb.3: 19 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; BOTH-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.2: 36 hot bytes, back edges 15.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; BOTH-NOT: remark:
; BOTH-LABEL: nest:
; BOTH: .p2align 6, {{(0x90)?}}, 63{{$}}
; BOTH-NEXT: .LBB0_2: # %outer
; BOTH: .p2align 6, {{(0x90)?}}, 63{{$}}
; BOTH-NEXT: .LBB0_3: # %inner

; INNER: remark: <unknown>:0:0: aligned hot loop at %bb.3: 19 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; INNER-NEXT: remark: <unknown>:0:0: loop at %bb.2 not aligned: cold: back edges run 15.0 times per loop entry (static estimate; hot from 20.0){{$}}
; INNER-NOT: remark:
; INNER-LABEL: nest:
; INNER: .p2align 4{{(, 0x90)?}}{{$}}
; INNER-NEXT: .LBB0_2: # %outer
; INNER: .p2align 6, {{(0x90)?}}, 63{{$}}
; INNER-NEXT: .LBB0_3: # %inner

define void @nest(ptr %a, i64 %n, i64 %m) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !0

exit:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 15}
