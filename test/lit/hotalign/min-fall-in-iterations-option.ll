; Padding before a loop runs each time the block laid out before it falls into
; it: at most once per entry of the loop, as issue 20 asks, but an early-exit
; loop entered that way more often than it iterates runs its padding more
; often than itself. Inside a hot loop the nested rule
; (nested-loop-few-iterations-not-aligned.ll) keeps such padding off; where no
; enclosing loop of the definition holds the loop (through a call, or laid out
; around it), -hotalign-min-fall-in-iterations=N sets a floor: aligned only at
; N iterations per fall-through entry (default 0, no floor; in bzip2's
; BZ2_blockSort three loops with 0.2 iterations per fall-through entry ran
; 2.3 M padding blocks, bench/aligned-lock/README.md). With block placement off
; the layout follows the IR: %outer falls into %inner; %step jumps back to
; %outer, %again to %inner, so neither loop's span holds the other's.
;   @often:    %step goes back to %outer 4 times in 5: %inner iterates 0.2
;              times per fall-through entry (19 per function entry: hot): left
;              at a floor of 1.
; Negative twins: the default (no floor) aligns it; @iterates, %step back 1 time
; in 5 (3.2 iterations per fall-through entry), is aligned either way.
;
; REQUIRES: x86-registered, aarch64-registered
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -disable-block-placement \
; RUN:   -hotalign-min-fall-in-iterations=1 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.x86.s 2> %t.x86.r
; RUN: cat %t.x86.r %t.x86.s | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=aarch64-linux-gnu -disable-block-placement \
; RUN:   -hotalign-min-fall-in-iterations=1 -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.a64.s 2> %t.a64.r
; RUN: cat %t.a64.r %t.a64.s | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -disable-block-placement \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o %t.def.s \
; RUN:   2> %t.def.r
; RUN: cat %t.def.r %t.def.s | FileCheck %s --check-prefix=DEFAULT

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{31|40}} hot bytes, back edges 80.0x entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.2 not aligned: its padding would run too often: it iterates 0.2 times per fall-through entry (at least 1, -hotalign-min-fall-in-iterations){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back edges run 5.0 times per function entry (static estimate; hot from 8.0){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.2: {{27|36}} hot bytes, back edges 19.0x entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NOT: remark:
; CHECK-LABEL: {{^}}often:
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB0_1: {{#|//}} %outer
; CHECK-NOT: .p2align
; CHECK: .LBB0_2: {{#|//}} %inner
; CHECK-LABEL: {{^}}iterates:
; CHECK-NOT: .p2align 6
; CHECK: .LBB1_1: {{#|//}} %outer
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB1_2: {{#|//}} %inner

; DEFAULT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 31 hot bytes, back edges 80.0x entry, alignment 64, max-skip 63 (line start){{$}}
; DEFAULT-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.2: 27 hot bytes, back edges 19.0x entry, alignment 64, max-skip 63 (line start){{$}}
; DEFAULT-NEXT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back edges run 5.0 times per function entry (static estimate; hot from 8.0){{$}}
; DEFAULT-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.2: 27 hot bytes, back edges 19.0x entry, alignment 64, max-skip 63 (line start){{$}}
; DEFAULT-LABEL: {{^}}often:
; DEFAULT: .p2align 6, {{(0x90)?}}, 63{{$}}
; DEFAULT-NEXT: .LBB0_1: # %outer
; DEFAULT: .p2align 6, {{(0x90)?}}, 63{{$}}
; DEFAULT-NEXT: .LBB0_2: # %inner

define void @often(ptr %a, i64 %n) {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %step ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  br label %inner

inner:
  %j = phi i64 [ %i, %outer ], [ %j.next, %again ]
  %q = getelementptr inbounds i32, ptr %a, i64 %j
  %w = load i32, ptr %q, align 4
  %y = add i32 %w, 7
  store i32 %y, ptr %q, align 4
  %j.next = add nuw i64 %j, 1
  br label %step

step:
  %i.next = add nuw i64 %i, 1
  %go = icmp slt i32 %w, 0
  br i1 %go, label %outer, label %again, !prof !0

again:
  %more = icmp ult i64 %j.next, %n
  br i1 %more, label %inner, label %exit, !prof !2

exit:
  ret void
}

define void @iterates(ptr %a, i64 %n) {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %step ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  br label %inner

inner:
  %j = phi i64 [ %i, %outer ], [ %j.next, %again ]
  %q = getelementptr inbounds i32, ptr %a, i64 %j
  %w = load i32, ptr %q, align 4
  %y = add i32 %w, 7
  store i32 %y, ptr %q, align 4
  %j.next = add nuw i64 %j, 1
  br label %step

step:
  %i.next = add nuw i64 %i, 1
  %go = icmp slt i32 %w, 0
  br i1 %go, label %outer, label %again, !prof !1

again:
  %more = icmp ult i64 %j.next, %n
  br i1 %more, label %inner, label %exit, !prof !2

exit:
  ret void
}

; From %step: back to %outer 4 times in 5 (@often) or 1 in 5 (@iterates).
!0 = !{!"branch_weights", i32 4, i32 1}
!1 = !{!"branch_weights", i32 1, i32 4}
; From %again: back to %inner 19 times in 20.
!2 = !{!"branch_weights", i32 19, i32 1}
