; REQUIRES: llvm-22
; (LLVM 19's release build accepts -debug-counter but ignores it.)
;
; The "hotalign-loop" debug counter, for bisecting: only the hot loops whose
; index the counter selects are aligned; the others keep LLVM's alignment.
; Hot loops here, in order: @two's %first (0) and %second (1), @one's (2).
;
; RUN: %llc -load=%plugin -debug-counter=hotalign-loop=1 -pass-remarks=hotalign \
; RUN:   %s -o %t.1.s 2> %t.1.r
; RUN: cat %t.1.r %t.1.s | FileCheck %s --check-prefix=ONE
; RUN: %llc -load=%plugin -debug-counter=hotalign-loop=0:2 -pass-remarks=hotalign \
; RUN:   %s -o %t.02.s 2> %t.02.r
; RUN: cat %t.02.r %t.02.s | FileCheck %s --check-prefix=ENDS
;
; Negative twin: without the counter every hot loop is aligned.
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o - 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ALL

; ONE: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 12 hot bytes, {{.*}}, max-skip 63 (line start){{$}}
; ONE-NOT: remark:
; ONE-LABEL: two:
; ONE: .p2align 4{{$}}
; ONE-NEXT: .LBB0_2: # %first
; ONE: .p2align 6, , 63{{$}}
; ONE-NEXT: .LBB0_3: # %second
; ONE-LABEL: one:
; ONE-NOT: .p2align 6

; ENDS: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, {{.*}}, max-skip 63 (line start){{$}}
; ENDS-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, {{.*}}, max-skip 63 (line start){{$}}
; ENDS-NOT: remark:
; ENDS-LABEL: two:
; ENDS: .p2align 6, , 63{{$}}
; ENDS-NEXT: .LBB0_2: # %first
; ENDS-NOT: .p2align 6
; ENDS: .LBB0_3: # %second
; ENDS-LABEL: one:
; ENDS: .p2align 6, , 63{{$}}
; ENDS-NEXT: .LBB1_1: # %loop

; ALL-COUNT-3: remark: <unknown>:0:0: aligned hot loop at
; ALL-COUNT-3: .p2align 6,

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
