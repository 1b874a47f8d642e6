; In line-start mode the padding budgets and the loop size limit do not
; apply: with -hotalign-function-budget=1, -hotalign-module-budget=1 and
; -hotalign-max-loop-size=1, -hotalign-line-start still puts both of @two's
; loops (16- and 12-byte spans) on a line start.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start -hotalign-function-budget=1 \
; RUN:   -hotalign-module-budget=1 -hotalign-max-loop-size=1 %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
;
; Negative twins: without the mode each limit alone leaves both loops with
; LLVM's `.p2align 4` and says which limit did.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-function-budget=1 %s -o %t.fn.s 2> %t.fn.r
; RUN: cat %t.fn.r %t.fn.s | FileCheck %s --check-prefixes=BUDGET,LEFT
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-module-budget=1 %s -o %t.mod.s 2> %t.mod.r
; RUN: cat %t.mod.r %t.mod.s | FileCheck %s --check-prefixes=BUDGET,LEFT
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-max-loop-size=1 %s -o %t.size.s 2> %t.size.r
; RUN: cat %t.size.r %t.size.s | FileCheck %s --check-prefixes=SIZE,LEFT
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; ON: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, {{.*}}, max-skip 63 (line start){{$}}
; ON-NEXT: remark: <unknown>:0:0: aligned hot loop: span 12 bytes, {{.*}}, max-skip 63 (line start){{$}}
; ON-NOT: remark:
; ON-LABEL: two:
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_2: # %first
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_3: # %second

; BUDGET-COUNT-2: remark: <unknown>:0:0: loop not aligned: padding budget exhausted{{$}}
; SIZE: remark: <unknown>:0:0: loop not aligned: too large (16 bytes, limit 1){{$}}
; SIZE-NEXT: remark: <unknown>:0:0: loop not aligned: too large (12 bytes, limit 1){{$}}
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
