; In line-start mode -hotalign-max-pad still caps the max-skip: 20 gives
; `.p2align 6, , 20` and says it was capped; 0 leaves the loop.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start -hotalign-max-pad=20 %s -o %t.20.s 2> %t.20.r
; RUN: cat %t.20.r %t.20.s | FileCheck %s --check-prefix=CAP20
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start -hotalign-max-pad=0 %s -o %t.0.s 2> %t.0.r
; RUN: cat %t.0.r %t.0.s | FileCheck %s --check-prefix=CAP0
;
; Negative twin: the default cap, 63, is line - 1 and caps nothing.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start %s -o %t.def.s 2> %t.def.r
; RUN: cat %t.def.r %t.def.s | FileCheck %s --check-prefix=DEFAULT
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; CAP20: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 20 (line start) (capped by -hotalign-max-pad){{$}}
; CAP20: .p2align 6, {{(0x90)?}}, 20{{$}}
; CAP20-NEXT: .LBB0_1: # %loop

; CAP0: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: -hotalign-max-pad is 0{{$}}
; CAP0-NOT: .p2align 6

; DEFAULT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; DEFAULT: .p2align 6, {{(0x90)?}}, 63{{$}}
; DEFAULT-NEXT: .LBB0_1: # %loop

define void @hot(ptr %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
