; In line-start mode (the default) the padding budgets do not apply: with
; -hotalign-function-budget=1 and -hotalign-module-budget=1 both of @two's
; loops (16 and 12 hot bytes) still start a line.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-function-budget=1 -hotalign-module-budget=1 %s -o %t.on.s \
; RUN:   2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
;
; Negative twins: in max-skip mode (-hotalign-line-start=false) each budget
; alone leaves both loops with LLVM's `.p2align 4` and says so.
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign -hotalign-function-budget=1 %s \
; RUN:   -o %t.fn.s 2> %t.fn.r
; RUN: cat %t.fn.r %t.fn.s | FileCheck %s --check-prefixes=BUDGET,LEFT
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign \
; RUN:   -pass-remarks-missed=hotalign -hotalign-module-budget=1 %s \
; RUN:   -o %t.mod.s 2> %t.mod.r
; RUN: cat %t.mod.r %t.mod.s | FileCheck %s --check-prefixes=BUDGET,LEFT
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; ON: remark: <unknown>:0:0: aligned hot loop at %bb.2: 16 hot bytes, {{.*}}, max-skip 63 (line start){{$}}
; ON-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.3: 12 hot bytes, {{.*}}, max-skip 63 (line start){{$}}
; ON-NOT: remark:
; ON-LABEL: two:
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_2: # %first
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_3: # %second

; BUDGET: remark: <unknown>:0:0: loop at %bb.2 not aligned: padding budget exhausted{{$}}
; BUDGET-NEXT: remark: <unknown>:0:0: loop at %bb.3 not aligned: padding budget exhausted{{$}}
; LEFT-NOT: remark:
; LEFT-LABEL: two:
; LEFT-NOT: .p2align 6
; LEFT: .p2align 4{{(, 0x90)?}}{{$}}
; LEFT-NEXT: .LBB0_2: # %first
; LEFT-NOT: .p2align 6
; LEFT: .p2align 4{{(, 0x90)?}}{{$}}
; LEFT-NEXT: .LBB0_3: # %second
; LEFT-NOT: .p2align 6

define void @two(ptr %a, ptr %b, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %first

first:
  %i = phi i64 [ 0, %entry ], [ %i.next, %first ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %m = mul i32 %v, 3
  store i32 %m, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %second, label %first

second:
  %j = phi i64 [ %j.next, %second ], [ 0, %first ]
  %q = getelementptr inbounds i64, ptr %b, i64 %j
  %w = load i64, ptr %q, align 8
  %x = xor i64 %w, 5
  store i64 %x, ptr %q, align 8
  %j.next = add nuw i64 %j, 1
  %done2 = icmp eq i64 %j.next, %n
  br i1 %done2, label %exit, label %second

exit:
  ret void
}
