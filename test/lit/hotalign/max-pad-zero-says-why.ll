; With -hotalign-max-pad=0 the planner returns max-skip 0 (capped): the
; remark must say the cap is why, not claim the loop "fits the fewest lines
; at any offset". This 40-byte loop touches two lines at 39 of its 64 start
; offsets (25..63).
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-max-pad=0 %s -o %t.s 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
;
; Negative twin: a cap of 1 aligns with max-skip 1 (capped).
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -hotalign-max-pad=1 %s \
; RUN:   -o - 2>&1 | FileCheck %s --check-prefix=ONE

target triple = "x86_64-unknown-linux-gnu"

; The loop is left with LLVM's alignment, and the remark does not say it fits.
; CHECK: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: -hotalign-max-pad is 0
; CHECK-NOT: fits the fewest lines
; CHECK-LABEL: {{^}}long:
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .LBB0_2: # %loop

; ONE: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 40 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 1 (capped by -hotalign-max-pad){{$}}

define void @long(ptr %a, ptr %b, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %q = getelementptr inbounds i32, ptr %b, i64 %i
  %v = load i32, ptr %p, align 4
  %w = load i32, ptr %q, align 4
  %m = mul i32 %v, 1000
  %s = add i32 %m, %w
  %x = xor i32 %s, 85
  store i32 %x, ptr %p, align 4
  %y = sub i32 %w, %v
  store i32 %y, ptr %q, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
