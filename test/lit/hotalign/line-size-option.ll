; -hotalign-line-size: the line hot loops must stay within, and the alignment
; the directive asks for. The max-skip follows the line: a span of S bytes
; touching ceil(S/L) lines at best needs padding only when the start offset in
; the line exceeds ceil(S/L)*L - S. Spans: @short 16 bytes, @long 40 bytes.
;
;   line  @short                 @long
;     64  .p2align 6, , 15       .p2align 6, , 39   (S - 1)
;     32  .p2align 5, , 15       .p2align 5, , 7    (two lines: 32 - 24 - 1)
;    128  .p2align 7, , 15       .p2align 7, , 39
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o %t.64.s 2> %t.64.r
; RUN: cat %t.64.r %t.64.s | FileCheck %s --check-prefix=L64
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-line-size=32 %s \
; RUN:   -o %t.32.s 2> %t.32.r
; RUN: cat %t.32.r %t.32.s | FileCheck %s --check-prefix=L32
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-line-size=128 %s \
; RUN:   -o %t.128.s 2> %t.128.r
; RUN: cat %t.128.r %t.128.s | FileCheck %s --check-prefix=L128

target triple = "x86_64-unknown-linux-gnu"

; L64: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, frequency 20x entry, alignment 64, max-skip 15{{$}}
; L64-NEXT: remark: <unknown>:0:0: aligned hot loop: span 40 bytes, frequency 20x entry, alignment 64, max-skip 39{{$}}
; L64-LABEL: short:
; L64: .p2align 6, {{(0x90)?}}, 15{{$}}
; L64-NEXT: .LBB0_1: # %loop
; L64-LABEL: long:
; L64: .p2align 6, {{(0x90)?}}, 39{{$}}
; L64-NEXT: .LBB1_2: # %loop

; L32: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, frequency 20x entry, alignment 32, max-skip 15{{$}}
; L32-NEXT: remark: <unknown>:0:0: aligned hot loop: span 40 bytes, frequency 20x entry, alignment 32, max-skip 7{{$}}
; L32-NOT: .p2align 6
; L32-LABEL: short:
; L32: .p2align 5, {{(0x90)?}}, 15{{$}}
; L32-NEXT: .LBB0_1: # %loop
; L32-LABEL: long:
; L32: .p2align 5, {{(0x90)?}}, 7{{$}}
; L32-NEXT: .LBB1_2: # %loop

; L128: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, frequency 20x entry, alignment 128, max-skip 15{{$}}
; L128-NEXT: remark: <unknown>:0:0: aligned hot loop: span 40 bytes, frequency 20x entry, alignment 128, max-skip 39{{$}}
; L128-NOT: .p2align 6
; L128-LABEL: short:
; L128: .p2align 7, {{(0x90)?}}, 15{{$}}
; L128-NEXT: .LBB0_1: # %loop
; L128-LABEL: long:
; L128: .p2align 7, {{(0x90)?}}, 39{{$}}
; L128-NEXT: .LBB1_2: # %loop

define void @short(ptr %a, i64 %n) {
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
