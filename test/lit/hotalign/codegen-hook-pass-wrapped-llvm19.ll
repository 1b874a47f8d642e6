; REQUIRES: llvm-19
;
; LLVM 19 has no hook for plugins in codegen: the plugin replaces the
; registered constructor of StackMap liveness with one building a wrapper
; that runs StackMap liveness, then hotalign-jt-base, then hotalign. The
; wrapper keeps the wrapped pass's name, so -debug-pass=Structure lists no
; new pass; what shows they are there: the analyses they require (the remark
; emitter, then hotalign's loops and frequencies) are scheduled right before
; "StackMap Liveness Analysis" (it needs none of its own), StackMap liveness
; is listed once, and hotalign's remark is emitted.
;
; RUN: %llc -load=%plugin -debug-pass=Structure -pass-remarks=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; Negative twin: without the plugin StackMap liveness follows the funclet
; layout pass directly and no remark appears.
; RUN: %llc -debug-pass=Structure -pass-remarks=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOPLUGIN

target triple = "x86_64-unknown-linux-gnu"

; CHECK: Branch Probability Basic Block Placement
; CHECK: Contiguously Lay Out Funclets
; CHECK-NEXT: Lazy Machine Block Frequency Analysis
; CHECK-NEXT: Machine Optimization Remark Emitter
; CHECK-NEXT: MachineDominator Tree Construction
; CHECK-NEXT: Machine Natural Loop Construction
; CHECK-NEXT: StackMap Liveness Analysis
; CHECK-NEXT: Live DEBUG_VALUE analysis
; CHECK-NOT: StackMap Liveness Analysis
; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start)

; NOPLUGIN: Contiguously Lay Out Funclets
; NOPLUGIN-NEXT: StackMap Liveness Analysis
; NOPLUGIN-NEXT: Live DEBUG_VALUE analysis
; NOPLUGIN-NOT: remark:

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
