; REQUIRES: llvm-22
;
; LLVM 21+: with basic-block sections (a block order from hotlayout loops
; --block-order, given as -fbasic-block-sections=list=), BasicBlockSections
; re-lays each listed function after StackMap liveness, so hotalign-jt-base
; and hotalign go right after it: hotalign measures and aligns the order
; the object will have (passes/Compat/CodegenHook.cpp).
;
; RUN: printf 'v1\nf f\nc 0\n' > %t.list
; RUN: %llc -load=%plugin -basic-block-sections=%t.list -debug-pass=Structure \
; RUN:   %s -o /dev/null 2>&1 | FileCheck %s
; Negative twin: without sections (codegen-hook-pass-listed-llvm22.ll) they
; stay right after StackMap liveness, and nothing of theirs follows
; BasicBlockSections, which the pipeline then does not have.
; RUN: %llc -load=%plugin -debug-pass=Structure %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOSECTIONS

target triple = "x86_64-unknown-linux-gnu"

; CHECK: StackMap Liveness Analysis
; CHECK-NOT: hotlayout: {{jump-table|align}}
; CHECK: Basic Block Sections Analysis
; CHECK-NEXT: Lazy Machine Block Frequency Analysis
; CHECK-NEXT: Machine Optimization Remark Emitter
; CHECK-NEXT: hotlayout: jump-table addresses BOLT can read (hotalign-jt-base)
; CHECK-NEXT: MachineDominator Tree Construction
; CHECK-NEXT: Machine Natural Loop Construction
; CHECK-NEXT: Lazy Machine Block Frequency Analysis
; CHECK-NEXT: Machine Optimization Remark Emitter
; CHECK-NEXT: hotlayout: align hot loops (hotalign)
; CHECK-NOT: hotlayout: {{jump-table|align}}
; CHECK: X86 Assembly Printer

; NOSECTIONS: StackMap Liveness Analysis
; NOSECTIONS: hotlayout: align hot loops (hotalign)
; NOSECTIONS-NOT: Basic Block Sections Analysis
; NOSECTIONS: X86 Assembly Printer

define void @f() {
  ret void
}
