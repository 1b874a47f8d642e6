; A span that touches the fewest lines its size allows at every start offset
; needs no padding: a 17-byte span always touches two 16-byte lines and never
; three. hotalign says so and leaves the loop with LLVM's alignment.
; (movl 2 + addl 2 + leal 3 + movb 2 + incq 3 + decq 3 + jne 2 = 17 bytes.)
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-size=16 %s -o %t.16.s 2> %t.16.r
; RUN: cat %t.16.r %t.16.s | FileCheck %s --check-prefix=ANY
;
; Negative twin: in a 64-byte line the same span fits one line only from
; offsets 0..47, so it is aligned with max-skip 16.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.64.s 2> %t.64.r
; RUN: cat %t.64.r %t.64.s | FileCheck %s --check-prefix=LINE64

target triple = "x86_64-unknown-linux-gnu"

; ANY: remark: <unknown>:0:0: loop not aligned: its size fits the fewest lines at any offset{{$}}
; ANY-NOT: remark:
; ANY: je .LBB0_2
; ANY-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; ANY-NEXT: .LBB0_1: # %loop

; LINE64: remark: <unknown>:0:0: aligned hot loop: span 17 bytes, frequency 20x entry, alignment 64, max-skip 16{{$}}
; LINE64: je .LBB0_2
; LINE64-NEXT: .p2align 6, {{(0x90)?}}, 16{{$}}
; LINE64-NEXT: .LBB0_1: # %loop

define void @scale(ptr %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i8, ptr %a, i64 %i
  %v = load i8, ptr %p, align 4
  %m = mul i8 %v, 10
  store i8 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
