; Like LLVM's own codegen passes, hotalign lists only its switch, its mode
; (line start or max-skip) and its input (the loop profile) in --help; its tuning knobs are cl::Hidden and
; appear in --help-hidden.
;
; RUN: %llc -load=%plugin --help | FileCheck %s
; RUN: %llc -load=%plugin --help-hidden | FileCheck %s --check-prefix=HIDDEN

; CHECK: hotlayout hotalign options:
; CHECK-EMPTY:
; CHECK-NEXT: --hotalign-enable
; CHECK-NEXT: --hotalign-line-start - Put the first block of every tight hot loop on a line start
; CHECK: --hotalign-loop-profile=<file> - The binary's own loop counts
; CHECK-NOT: --hotalign-

; Negative twin: --help-hidden shows every knob, in the same category.
; HIDDEN: hotlayout hotalign options:
; HIDDEN-DAG: --hotalign-enable
; HIDDEN-DAG: --hotalign-function-budget=
; HIDDEN-DAG: --hotalign-hot-percentile=
; HIDDEN-DAG: --hotalign-line-size=
; HIDDEN-DAG: --hotalign-loop-profile=<file>
; HIDDEN-DAG: --hotalign-line-start - Put the first block of every tight hot loop
; HIDDEN-DAG: --hotalign-min-nested-iterations=
; HIDDEN-DAG: --hotalign-max-count-ratio=
; HIDDEN-DAG: --hotalign-max-function-size=
; HIDDEN-DAG: --hotalign-max-loop-size=
; HIDDEN-DAG: --hotalign-max-pad=
; HIDDEN-DAG: --hotalign-module-budget=
; HIDDEN-DAG: --hotalign-profile-slack=
; HIDDEN-DAG: --hotalign-warm-min-count=
; HIDDEN-DAG: --hotalign-static
; HIDDEN-DAG: --hotalign-static-ratio=
