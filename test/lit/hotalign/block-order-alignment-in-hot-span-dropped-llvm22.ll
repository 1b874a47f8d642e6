; REQUIRES: llvm-22
;
; In a function a block order lays out (-fbasic-block-sections=list=,
; `hotlayout loops --block-order`), MachineBlockPlacement's alignments were
; chosen for MBP's own order. Inside the span of a hot loop they only
; lengthen the span whose lines hotalign places, fallen into or not: MBP
; aligns a loop block that follows a jump (here %else, after %then's jmp),
; and xz 5.4.1's lzma_mf_bt4_skip had such a block in a 52-byte hot inner
; loop, whose 16-byte alignment put the loop across a line at every start.
; hotalign drops them; the loop's own line start is hotalign's.
;
; RUN: printf 'v1\nf f\nc 0 1 2 3 4 5\n' > %t.order
; RUN: %llc -load=%plugin -basic-block-sections=%t.order %s -o - \
; RUN:   | FileCheck %s --check-prefix=HOT
; Negative twins: without the plugin MBP's `.p2align 4` stays; with the
; plugin but no hot loop (-hotalign-static=false: no profile, no static
; estimate) hotalign places nothing and leaves it too.
; RUN: %llc -basic-block-sections=%t.order %s -o - \
; RUN:   | FileCheck %s --check-prefix=KEPT
; RUN: %llc -load=%plugin -hotalign-static=false -basic-block-sections=%t.order \
; RUN:   %s -o - | FileCheck %s --check-prefix=KEPT

target triple = "x86_64-unknown-linux-gnu"

; HOT: .p2align 6, , 63
; HOT-NEXT: .LBB0_{{[0-9]+}}: # %loop
; HOT-NOT: .p2align
; HOT: # %else
; HOT-NOT: .p2align
; HOT: # %join
; KEPT-LABEL: # %loop
; KEPT: .p2align 4
; KEPT-NEXT: .LBB0_{{[0-9]+}}: # %else

@sink = global i64 0

define void @f(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %join ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %odd = trunc i32 %v to i1
  br i1 %odd, label %then, label %else, !prof !0

then:
  store volatile i64 1, ptr @sink, align 8
  br label %join

else:
  %w = mul i32 %v, 3
  store i32 %w, ptr %p, align 4
  br label %join

join:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !1

exit:
  ret void
}

; Both arms run on half of the iterations; the loop runs 100000 times.
!0 = !{!"branch_weights", i32 1, i32 1}
!1 = !{!"branch_weights", i32 1, i32 100000}
