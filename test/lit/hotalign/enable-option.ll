; -hotalign-enable=false turns the pass off: with the plugin loaded, a hot
; loop's assembly is exactly what LLVM alone produces, and no remark is given.
;
; RUN: %llc %s -o %t.llvm.s
; RUN: %llc -load=%plugin -hotalign-enable=false -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.off.s 2> %t.off.r
; RUN: diff %t.llvm.s %t.off.s
; RUN: count 0 < %t.off.r
; RUN: FileCheck %s --check-prefix=OFF < %t.off.s
;
; Negative twin: enabled (the default, and explicitly) it aligns the loop.
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o %t.on.s 2> %t.on.r
; RUN: %llc -load=%plugin -hotalign-enable=true %s -o %t.on2.s
; RUN: diff %t.on.s %t.on2.s
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON

target triple = "x86_64-unknown-linux-gnu"

; OFF: je .LBB0_2
; OFF-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; OFF-NEXT: .LBB0_1: # %loop

; ON: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; ON: je .LBB0_2
; ON-NEXT: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_1: # %loop

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
