; REQUIRES: llvm-22
;
; A block order (-fbasic-block-sections=list=) re-lays a function after
; MachineBlockPlacement aligned its loop's header for MBP's own order. In
; the listed order 0 3 2 4 (entry, body, header, exit) the body falls into
; the header on every iteration, and the header's `.p2align 4` would run
; its padding on each (zopfli 1.0.3's ZopfliFindLongestMatch: a 6-byte nop
; run 1.4 M times). hotalign drops an alignment that a fall-through from
; within the block's own loop reaches. -hotalign-static=false keeps hotalign
; from aligning the loop itself, so only that step shows.
;
; RUN: printf 'v1\nf f\nc 0 3 2 4\n' > %t.moved
; RUN: printf 'v1\nf f\nc 0 2 3 4\n' > %t.own
; RUN: %llc -load=%plugin -hotalign-static=false -basic-block-sections=%t.moved \
; RUN:   %s -o - | FileCheck %s --check-prefix=MOVED
; Negative twins: without the plugin the stale alignment stays; in MBP's own
; order (0 2 3 4) the entry, outside the loop, falls into the header: its
; padding runs once per entry, as MBP meant, and it stays.
; RUN: %llc -basic-block-sections=%t.moved %s -o - \
; RUN:   | FileCheck %s --check-prefix=NOPLUGIN
; RUN: %llc -load=%plugin -hotalign-static=false -basic-block-sections=%t.own \
; RUN:   %s -o - | FileCheck %s --check-prefix=OWN

target triple = "x86_64-unknown-linux-gnu"

; MOVED-LABEL: # %body
; MOVED-NOT: .p2align
; MOVED: # %header
; NOPLUGIN-LABEL: # %body
; NOPLUGIN: .p2align 4
; NOPLUGIN-NEXT: .LBB0_{{[0-9]+}}: # %header
; OWN-LABEL: # %entry
; OWN: .p2align 4
; OWN-NEXT: .LBB0_{{[0-9]+}}: # %header

define void @f(ptr %a, i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %exit, label %header

header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %c = icmp sgt i32 %v, 100
  br i1 %c, label %exit, label %body

body:
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %header

exit:
  ret void
}
