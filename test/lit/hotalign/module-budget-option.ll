; -hotalign-module-budget: all max-skips and aligned function entries of one
; module add up to at most this many bytes, across functions. Loops cost 15
; (@two's first), 11 (@two's second) and 15 (@one's), in that order.
;
; 41 is exactly enough: everything aligned.
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-module-budget=41 %s -o %t.41.s 2> %t.41.r
; RUN: cat %t.41.r %t.41.s | FileCheck %s --check-prefix=ALL
; 26 pays for @two only; @one, in another function, finds the module's budget
; spent although its own function budget is untouched.
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-module-budget=26 %s -o %t.26.s 2> %t.26.r
; RUN: cat %t.26.r %t.26.s | FileCheck %s --check-prefix=SPENT

; ALL: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, {{.*}}, max-skip 15{{$}}
; ALL-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 12 hot bytes, {{.*}}, max-skip 11{{$}}
; ALL-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, {{.*}}, max-skip 15{{$}}
; ALL-NOT: remark:
; ALL-LABEL: one:
; ALL: .p2align 6, {{(0x90)?}}, 15{{$}}
; ALL-NEXT: .LBB1_1: # %loop

; SPENT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, {{.*}}, max-skip 15{{$}}
; SPENT-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 12 hot bytes, {{.*}}, max-skip 11{{$}}
; SPENT-NEXT: remark: <unknown>:0:0: loop at %bb.{{[0-9]+}} not aligned: padding budget exhausted{{$}}
; SPENT-NOT: remark:
; SPENT-LABEL: two:
; SPENT: .p2align 6, {{(0x90)?}}, 15{{$}}
; SPENT-NEXT: .LBB0_2: # %first
; SPENT: .p2align 6, {{(0x90)?}}, 11{{$}}
; SPENT-NEXT: .LBB0_3: # %second
; SPENT-LABEL: one:
; SPENT-NOT: .p2align 6
; SPENT: je .LBB1_2
; SPENT-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; SPENT-NEXT: .LBB1_1: # %loop

target triple = "x86_64-unknown-linux-gnu"

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

define void @one(ptr %a, i64 %n) {
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
