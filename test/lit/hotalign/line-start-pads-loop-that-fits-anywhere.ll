; In line-start mode (the default) the estimated size does not decide: a
; 17-byte span touches two 16-byte lines at every start offset, so max-skip
; mode leaves it ("fits the fewest lines at any offset"), but line-start mode
; puts its head on a line start anyway, max-skip line - 1 = 15. (x86 sizes
; are estimates: a span that "fits anywhere" may straddle once assembled.)
; (movl 2 + addl 2 + leal 3 + movb 2 + incq 3 + decq 3 + jne 2 = 17 bytes.)
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-size=16 -hotalign-line-start %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
;
; Negative twin: the same in max-skip mode is left with LLVM's `.p2align 4`.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start=false -hotalign-line-size=16 %s -o %t.off.s \
; RUN:   2> %t.off.r
; RUN: cat %t.off.r %t.off.s | FileCheck %s --check-prefix=OFF
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; ON: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 17 hot bytes, back edges 31.0x loop entry, alignment 16, max-skip 15 (line start){{$}}
; ON-NOT: remark:
; ON: je .LBB0_2
; ON-NEXT: .p2align 4, {{(0x90)?}}, 15{{$}}
; ON-NEXT: .LBB0_1: # %loop

; OFF: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: its size fits the fewest lines at any offset{{$}}
; OFF-NOT: remark:
; OFF: je .LBB0_2
; OFF-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; OFF-NEXT: .LBB0_1: # %loop

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
