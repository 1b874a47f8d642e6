; REQUIRES: llvm-22
;
; LLVM 21+: loading the plugin into llc puts hotalign-jt-base, then hotalign,
; into the codegen pipeline through RegisterTargetPassConfigCallback, right
; after StackMap liveness (after block placement and the pre-emit passes: the
; layout is final), with the analyses each needs scheduled in front of it.
;
; RUN: %llc -load=%plugin -debug-pass=Structure %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s
; Negative twin: without the plugin StackMap liveness is followed directly by
; the next pass of LLVM's own pipeline.
; RUN: %llc -debug-pass=Structure %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOPLUGIN

target triple = "x86_64-unknown-linux-gnu"

; CHECK: Branch Probability Basic Block Placement
; CHECK: StackMap Liveness Analysis
; CHECK-NEXT: Lazy Machine Block Frequency Analysis
; CHECK-NEXT: Machine Optimization Remark Emitter
; CHECK-NEXT: hotlayout: jump-table addresses BOLT can read (hotalign-jt-base)
; CHECK-NEXT: MachineDominator Tree Construction
; CHECK-NEXT: Machine Natural Loop Construction
; CHECK-NEXT: Lazy Machine Block Frequency Analysis
; CHECK-NEXT: Machine Optimization Remark Emitter
; CHECK-NEXT: hotlayout: align hot loops (hotalign)
; CHECK-NEXT: Live DEBUG_VALUE analysis
; CHECK-NOT: StackMap Liveness Analysis
; CHECK-NOT: hotlayout: {{jump-table|align}}
; CHECK: X86 Assembly Printer

; NOPLUGIN: StackMap Liveness Analysis
; NOPLUGIN-NEXT: Live DEBUG_VALUE analysis
; NOPLUGIN-NOT: hotlayout
; NOPLUGIN: X86 Assembly Printer

define void @f() {
  ret void
}
