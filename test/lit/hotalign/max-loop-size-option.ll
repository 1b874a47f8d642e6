; -hotalign-max-loop-size: a hot loop is tight, and aligned, when its
; estimated hot bytes are at most this many (default 256, the definition's
; tight limit: only tight loops count as straddling). The loop here has 16 hot
; bytes: aligned at a limit of 16, left with LLVM's 16-byte alignment and a
; "not tight" remark at 15, in either mode.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-max-loop-size=16 %s -o %t.16.s 2> %t.16.r
; RUN: cat %t.16.r %t.16.s | FileCheck %s --check-prefix=FITS
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-max-loop-size=15 %s -o %t.15.s 2> %t.15.r
; RUN: cat %t.15.r %t.15.s | FileCheck %s --check-prefix=LARGE
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start=false -hotalign-max-loop-size=15 %s \
; RUN:   -o %t.ms.s 2> %t.ms.r
; RUN: cat %t.ms.r %t.ms.s | FileCheck %s --check-prefix=LARGE

target triple = "x86_64-unknown-linux-gnu"

; FITS: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; FITS-NOT: remark:
; FITS: je .LBB0_2
; FITS-NEXT: .p2align 6, {{(0x90)?}}, 63{{$}}
; FITS-NEXT: .LBB0_1: # %loop

; LARGE: remark: <unknown>:0:0: loop at %bb.1 not aligned: not tight: 16 hot bytes (estimated; tight loops have at most 15){{$}}
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
