; A loop hotalign leaves keeps exactly what LLVM gave it. @warm's loop runs 6x
; per entry (its back edge 5x): enough for block placement to give its header
; the target's 16-byte loop alignment (`.p2align 4` on x86), below hotalign's
; default static ratio of 8. The assembly with the plugin must equal the assembly
; without it, byte for byte.
;
; RUN: %llc %s -o %t.llvm.s
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -pass-remarks-missed=hotalign %s -o %t.plugin.s 2> %t.r
; RUN: diff %t.llvm.s %t.plugin.s
; RUN: cat %t.r %t.plugin.s | FileCheck %s --check-prefix=LEFT
;
; Negative twin: at -hotalign-static-ratio=5 the same loop is hot, and its
; 16-byte alignment is replaced by the 64-byte one with a max-skip.
; RUN: %llc -load=%plugin -hotalign-line-start-only-when-needed=false -hotalign-static-ratio=5 %s -o %t.hot.s
; RUN: not diff %t.llvm.s %t.hot.s
; RUN: FileCheck %s --check-prefix=HOT < %t.hot.s

target triple = "x86_64-unknown-linux-gnu"

; LEFT: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: back edges run 5.0 times per loop entry (static estimate; hot from 8.0){{$}}
; LEFT: # %entry
; LEFT-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; LEFT-NEXT: .LBB0_1: # %loop
; LEFT-NOT: .p2align

; HOT: # %entry
; HOT-NEXT: .p2align 6, {{(0x90)?}}, 63{{$}}
; HOT-NEXT: .LBB0_1: # %loop
; HOT-NOT: .p2align

define void @warm(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  ret void
}

; Back edge 5 times out of 6: the header runs 6x per entry, the back edge 5x.
!0 = !{!"branch_weights", i32 1, i32 5}
