; -hotalign-max-loop-size: a hot loop whose span is larger than the limit is
; left alone (a long loop gains little from one line fewer, and its padding
; would be large). The span here is 16 bytes: aligned at a limit of 16, left
; with LLVM's 16-byte alignment and a "too large" remark at 15.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-max-loop-size=16 %s -o %t.16.s 2> %t.16.r
; RUN: cat %t.16.r %t.16.s | FileCheck %s --check-prefix=FITS
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-max-loop-size=15 %s -o %t.15.s 2> %t.15.r
; RUN: cat %t.15.r %t.15.s | FileCheck %s --check-prefix=LARGE

target triple = "x86_64-unknown-linux-gnu"

; FITS: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, frequency 20x entry, alignment 64, max-skip 15{{$}}
; FITS-NOT: remark:
; FITS: je .LBB0_2
; FITS-NEXT: .p2align 6, {{(0x90)?}}, 15{{$}}
; FITS-NEXT: .LBB0_1: # %loop

; LARGE: remark: <unknown>:0:0: loop not aligned: too large (16 bytes, limit 15){{$}}
; LARGE-NOT: remark:
; LARGE: je .LBB0_2
; LARGE-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; LARGE-NEXT: .LBB0_1: # %loop
; LARGE-NOT: .p2align 6

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
