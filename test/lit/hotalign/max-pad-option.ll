; -hotalign-max-pad: the most padding bytes the assembler may insert before
; one loop. Below the exact max-skip (span - 1 for spans up to a line) the
; max-skip is cut to the cap and the remark says so: some start offsets then
; still touch one line more than needed. At or above it nothing changes.
; The span here is 40 bytes (exact max-skip 39).
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-pad=8 %s \
; RUN:   -o %t.8.s 2> %t.8.r
; RUN: cat %t.8.r %t.8.s | FileCheck %s --check-prefix=CAPPED
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-pad=38 %s \
; RUN:   -o %t.38.s 2> %t.38.r
; RUN: cat %t.38.r %t.38.s | FileCheck %s --check-prefix=CAPPED38
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-pad=39 %s \
; RUN:   -o %t.39.s 2> %t.39.r
; RUN: cat %t.39.r %t.39.s | FileCheck %s --check-prefix=EXACT

target triple = "x86_64-unknown-linux-gnu"

; CAPPED: remark: <unknown>:0:0: aligned hot loop: span 40 bytes, frequency 20x entry, alignment 64, max-skip 8 (capped by -hotalign-max-pad){{$}}
; CAPPED: .p2align 6, {{(0x90)?}}, 8{{$}}
; CAPPED-NEXT: .LBB0_2: # %loop

; CAPPED38: remark: <unknown>:0:0: aligned hot loop: span 40 bytes, frequency 20x entry, alignment 64, max-skip 38 (capped by -hotalign-max-pad){{$}}
; CAPPED38: .p2align 6, {{(0x90)?}}, 38{{$}}
; CAPPED38-NEXT: .LBB0_2: # %loop

; EXACT: remark: <unknown>:0:0: aligned hot loop: span 40 bytes, frequency 20x entry, alignment 64, max-skip 39{{$}}
; EXACT: .p2align 6, {{(0x90)?}}, 39{{$}}
; EXACT-NEXT: .LBB0_2: # %loop

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
