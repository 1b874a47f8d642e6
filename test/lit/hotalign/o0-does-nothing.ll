; At -O0 hotalign does nothing, not even a remark: llc -O0 with the plugin
; gives the assembly llc -O0 gives alone. (LLVM 21+ does not insert the pass
; into a -O0 pipeline; LLVM 19's wrapper is there, and the pass returns at
; once.) Before, `llc -O0 -pass-remarks-missed=hotalign` said "loop not
; aligned: cold" for every loop.
;
; REQUIRES: x86-registered
;
; RUN: %llc -O0 %s -o %t.llvm.s
; RUN: %llc -O0 -load=%plugin -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign %s -o %t.plugin.s 2> %t.r
; RUN: count 0 < %t.r
; RUN: diff %t.llvm.s %t.plugin.s
;
; Negative twin: at -O2 the same loop is aligned and reported.
; RUN: %llc -O2 -load=%plugin -pass-remarks=hotalign %s -o %t.o2.s 2> %t.o2.r
; RUN: cat %t.o2.r %t.o2.s | FileCheck %s --check-prefix=O2

target triple = "x86_64-unknown-linux-gnu"

; O2: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; O2: .p2align 6, {{(0x90)?}}, 63{{$}}
; O2-NEXT: .LBB0_1: # %loop

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
