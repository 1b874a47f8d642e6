; HOTLAYOUT_OPTIONS reaches hotalign under `llc -load`, which only dlopens the
; plugin and never asks for its pass-plugin info: the hotalign constructor
; (and on LLVM 21+ the codegen hook) reads the variable. With
; -hotalign-enable=false there the assembly is exactly LLVM's own, with no
; remark, and `llc -run-pass=hotalign` on MIR reports nothing either. The
; command line wins over the variable.
;
; REQUIRES: x86-registered
;
; RUN: %llc %s -o %t.llvm.s
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-enable=false %llc -load=%plugin \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o %t.off.s \
; RUN:   2> %t.off.r
; RUN: count 0 < %t.off.r
; RUN: diff %t.llvm.s %t.off.s
;
; RUN: %llc -stop-before=stackmap-liveness %s -o %t.mir
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-enable=false %llc -load=%plugin \
; RUN:   -run-pass=hotalign -pass-remarks=hotalign %t.mir -o /dev/null 2> %t.mir.r
; RUN: count 0 < %t.mir.r
;
; Negative twins: without the variable, and with the variable overridden on
; the command line, the loop is aligned.
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-enable=false %llc -load=%plugin \
; RUN:   -hotalign-enable=true -pass-remarks=hotalign %s -o %t.cl.s 2> %t.cl.r
; RUN: cat %t.cl.r %t.cl.s | FileCheck %s
; RUN: %llc -load=%plugin -run-pass=hotalign -pass-remarks=hotalign %t.mir \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "x86_64-unknown-linux-gnu"

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK: .p2align 6, {{(0x90)?}}, 63{{$}}
; CHECK-NEXT: .LBB0_1: # %loop
; REMARK: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}

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
