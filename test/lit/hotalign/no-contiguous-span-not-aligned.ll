; A hot loop whose hot blocks are not one layout-contiguous run from its top
; block cannot be kept in one line by padding before it: hotalign leaves it
; with a remark. With block placement off (-disable-block-placement), the
; layout follows the IR: %loop, then the loop exit %exit, then the hot latch
; %latch, so the loop is split around %exit.
;
; RUN: %llc -load=%plugin -disable-block-placement -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.split.s 2> %t.split.r
; RUN: cat %t.split.r %t.split.s | FileCheck %s --check-prefix=SPLIT
;
; Negative twin: with block placement (the default) the latch is laid out
; right after the header and the 25-byte loop is aligned.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.placed.s 2> %t.placed.r
; RUN: cat %t.placed.r %t.placed.s | FileCheck %s --check-prefix=PLACED

target triple = "x86_64-unknown-linux-gnu"

; SPLIT: remark: <unknown>:0:0: loop not aligned: no layout-contiguous span{{$}}
; SPLIT-NOT: remark:
; SPLIT-NOT: .p2align 6
; SPLIT: .LBB0_1: # %loop
; SPLIT: # %bb.2: # %exit
; SPLIT: .LBB0_3: # %latch
; SPLIT-NOT: .p2align 6

; PLACED: remark: <unknown>:0:0: aligned hot loop: span 25 bytes, frequency 32x entry, alignment 64, max-skip 24{{$}}
; PLACED: .p2align 6, {{(0x90)?}}, 24{{$}}
; PLACED-NEXT: .LBB0_1: # %loop
; PLACED: # %bb.3: # %latch
; PLACED: .LBB0_2: # %exit

define void @split(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %latch

exit:
  ret void

latch:
  store volatile i32 0, ptr %a, align 4
  br label %loop
}
