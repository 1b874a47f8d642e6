; Padding before a loop runs each time the block laid out before it falls into
; it: once per entry. Inside a hot enclosing loop that is once per iteration of
; the enclosing loop, so a nested loop is aligned only when it iterates at
; least -hotalign-min-nested-iterations (8) times per such entry (issue 20;
; MachineBlockPlacement's loop alignment and GCC's -falign-loops keep padding
; off hot fall-through paths likewise). All three functions are a row loop
; around a column loop that the row's first block falls into (static
; estimates, hot from -hotalign-static-ratio=2 back edges per loop entry, the
; profile rule's 2: at the default 8 a loop that iterates fewer than 8 times
; per entry is cold before the nested rule is asked):
;   @few:        the row loop's back edge runs 20x per entry (hot), the
;                column loop's 3x per row it is entered from: the column
;                loop is left (its padding would run once per 3 iterations);
;                the row loop starts a line, then a few bytes of nops that
;                place it so that the column loop fits a line with room
;                (step 9, nested-loop-placed-by-outer-padding.ll).
; Negative twins:
;   @many:       20 column back edges per row: both loops start a line.
;   @cold_outer: row back edges 1x per entry (under 2: not hot), column
;                back edges 3x per row (hot): the enclosing loop is not
;                hot, so the column loop starts a line.
; And with -hotalign-min-nested-iterations=3, @few's column loop is aligned.
;
; REQUIRES: x86-registered, aarch64-registered
;
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -mtriple=x86_64-linux-gnu -pass-remarks=hotalign \
; RUN:   -hotalign-static-ratio=2 -pass-remarks-missed=hotalign %s -o %t.x86.s 2> %t.x86.r
; RUN: cat %t.x86.r %t.x86.s | FileCheck %s --check-prefixes=CHECK,X86
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -mtriple=aarch64-linux-gnu -pass-remarks=hotalign \
; RUN:   -hotalign-static-ratio=2 -pass-remarks-missed=hotalign %s -o %t.a64.s 2> %t.a64.r
; RUN: cat %t.a64.r %t.a64.s | FileCheck %s --check-prefixes=CHECK,A64
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -mtriple=x86_64-linux-gnu -pass-remarks=hotalign \
; RUN:   -hotalign-static-ratio=2 -hotalign-min-nested-iterations=3 %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=THREE

; CHECK: remark: <unknown>:0:0: loop at %bb.2 not aligned: nested in a hot loop, it iterates 3.0 times per fall-through entry (at least 8): its padding would run too often{{$}}
; X86-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 36 hot bytes, back edges 20.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; A64-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 44 hot bytes, back edges 20.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 starts {{[0-9]+}} bytes into a line so that its nested loop %bb.2 and it sit on their fewest lines (padding before it runs once per entry){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.2: {{19|20}} hot bytes, back edges 20.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{36|44}} hot bytes, back edges 20.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.2: {{19|20}} hot bytes, back edges 3.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 1.0 times per loop entry (hot loops iterate at least 2){{$}}
; CHECK-NOT: remark:
; CHECK-LABEL: few:
; CHECK: .p2align 6, {{(0x90)?}}, {{[0-9]+}}{{$}}
; CHECK-NEXT: {{#|//}} %bb.{{[0-9]+}}: {{#|//}} %outer
; CHECK-NEXT: {{#|//}}APP
; CHECK-NOT: .p2align
; CHECK: .LBB0_{{[0-9]+}}: {{#|//}} %outer
; CHECK-NOT: .p2align
; CHECK: .LBB0_{{[0-9]+}}: {{#|//}} %inner
; CHECK-NOT: .p2align
; CHECK: .Lfunc_end0:
; CHECK-LABEL: many:
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB1_1: {{#|//}} %outer
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB1_2: {{#|//}} %inner
; CHECK-LABEL: cold_outer:
; CHECK-NOT: .p2align 6
; CHECK: .LBB2_1: {{#|//}} %outer
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB2_2: {{#|//}} %inner

; THREE: remark: <unknown>:0:0: aligned hot loop at %bb.2: 19 hot bytes, back edges 3.0x loop entry, alignment 64, max-skip 63 (line start){{$}}

define void @few(ptr %a, i64 %n, i64 %m) {
entry:
  br label %outer

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
  br i1 %inner.done, label %outer.latch, label %inner, !prof !0

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !2

exit:
  ret void
}

define void @many(ptr %a, i64 %n, i64 %m) {
entry:
  br label %outer

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
  br i1 %inner.done, label %outer.latch, label %inner, !prof !1

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !2

exit:
  ret void
}

define void @cold_outer(ptr %a, i64 %n, i64 %m) {
entry:
  br label %outer

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
  br i1 %inner.done, label %outer.latch, label %inner, !prof !0

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !3

exit:
  ret void
}

; Inner loops: 3 back edges per entry (@few, @cold_outer), 20 (@many).
!0 = !{!"branch_weights", i32 1, i32 3}
!1 = !{!"branch_weights", i32 1, i32 20}
; Outer loops: 20 back edges per entry, or 1 (@cold_outer: not hot).
!2 = !{!"branch_weights", i32 1, i32 20}
!3 = !{!"branch_weights", i32 1, i32 1}
