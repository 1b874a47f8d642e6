; -hotalign-function-budget: the max-skips of one function's aligned loops
; add up to at most this many bytes; a loop that would overdraw it keeps
; LLVM's alignment and is reported. Loops are charged in loop-info preorder
; (here: layout order). @two's loops cost 15 (16-byte span) and 11 (12-byte
; span); @one's loop costs 15 and starts from a fresh budget.
;
; 26 is exactly enough for @two: everything aligned.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-function-budget=26 %s -o %t.26.s 2> %t.26.r
; RUN: cat %t.26.r %t.26.s | FileCheck %s --check-prefix=ALL
; 25 is one byte short: @two's second loop is left; @one is unaffected.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-function-budget=25 %s -o %t.25.s 2> %t.25.r
; RUN: cat %t.25.r %t.25.s | FileCheck %s --check-prefix=SHORT
; 1 pays for no loop.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-function-budget=1 %s -o %t.1.s 2> %t.1.r
; RUN: cat %t.1.r %t.1.s | FileCheck %s --check-prefix=NONE

; ALL: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, {{.*}}, max-skip 15{{$}}
; ALL-NEXT: remark: <unknown>:0:0: aligned hot loop: span 12 bytes, {{.*}}, max-skip 11{{$}}
; ALL-NEXT: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, {{.*}}, max-skip 15{{$}}
; ALL-NOT: remark:
; ALL-LABEL: two:
; ALL: .p2align 6, {{(0x90)?}}, 15{{$}}
; ALL-NEXT: .LBB0_2: # %first
; ALL: .p2align 6, {{(0x90)?}}, 11{{$}}
; ALL-NEXT: .LBB0_3: # %second
; ALL-LABEL: one:
; ALL: .p2align 6, {{(0x90)?}}, 15{{$}}
; ALL-NEXT: .LBB1_1: # %loop

; SHORT: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, {{.*}}, max-skip 15{{$}}
; SHORT-NEXT: remark: <unknown>:0:0: loop not aligned: padding budget exhausted{{$}}
; SHORT-NEXT: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, {{.*}}, max-skip 15{{$}}
; SHORT-NOT: remark:
; SHORT-LABEL: two:
; SHORT: .p2align 6, {{(0x90)?}}, 15{{$}}
; SHORT-NEXT: .LBB0_2: # %first
; SHORT: jne .LBB0_2
; SHORT-NEXT: .p2align 4{{(, 0x90)?}}{{$}}
; SHORT-NEXT: .LBB0_3: # %second
; SHORT-LABEL: one:
; SHORT: .p2align 6, {{(0x90)?}}, 15{{$}}
; SHORT-NEXT: .LBB1_1: # %loop

; NONE-COUNT-3: remark: <unknown>:0:0: loop not aligned: padding budget exhausted{{$}}
; NONE-NOT: remark:
; NONE-NOT: .p2align 6

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
