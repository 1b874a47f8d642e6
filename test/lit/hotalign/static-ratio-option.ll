; -hotalign-static-ratio: without a profile a loop is hot when its back edges
; run at least this many times per loop entry. This loop's run 31x per
; entry (static estimate): hot at the default 8 and at 31, cold at 32 and at
; 1000. A cold loop keeps LLVM's own 16-byte loop alignment, untouched.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.8.s 2> %t.8.r
; RUN: cat %t.8.r %t.8.s | FileCheck %s --check-prefix=HOT
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-static-ratio=31 %s -o %t.19.s 2> %t.19.r
; RUN: cat %t.19.r %t.19.s | FileCheck %s --check-prefix=HOT
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-static-ratio=32 %s -o %t.20.s 2> %t.20.r
; RUN: cat %t.20.r %t.20.s | FileCheck %s --check-prefix=COLD
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-static-ratio=1000 %s -o %t.1000.s 2> %t.1000.r
; RUN: cat %t.1000.r %t.1000.s | FileCheck %s --check-prefix=COLD

target triple = "x86_64-unknown-linux-gnu"

; HOT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; HOT-NOT: remark:
; HOT: je .LBB0_2
; HOT-NEXT: .p2align 6, {{(0x90)?}}, 63{{$}}
; HOT-NEXT: .LBB0_1: # %loop

; COLD: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back edges run 31.0 times per loop entry (static estimate; hot from {{32|1000}}.0){{$}}
; COLD-NOT: remark:
; COLD: je .LBB0_2
; COLD-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; COLD-NEXT: .LBB0_1: # %loop
; COLD-NOT: .p2align 6

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
