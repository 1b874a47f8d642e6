; -hotalign-line-start aligns every hot loop, outer loops too: @nest's outer
; loop (static estimate 20x entry) gets `.p2align 6, , 63` before its head
; as well as its inner loop (640x), and each remark names the mode.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   -hotalign-line-start %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
;
; Negative twin: without the mode only the innermost loop is aligned, with
; the max-skip its estimated 19-byte span needs; the outer head keeps LLVM's
; `.p2align 4`.
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.off.s 2> %t.off.r
; RUN: cat %t.off.r %t.off.s | FileCheck %s --check-prefix=OFF
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; ON: remark: <unknown>:0:0: aligned hot loop: span 51 bytes, frequency 20x entry, alignment 64, max-skip 63 (line start){{$}}
; ON-NEXT: remark: <unknown>:0:0: aligned hot loop: span 19 bytes, frequency 640x entry, alignment 64, max-skip 63 (line start){{$}}
; ON-NOT: remark:
; ON-LABEL: nest:
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_2: # %outer
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_3: # %inner

; OFF: remark: <unknown>:0:0: aligned hot loop: span 19 bytes, frequency 640x entry, alignment 64, max-skip 18{{$}}
; OFF-NOT: remark:
; OFF-LABEL: nest:
; OFF: .p2align 4{{(, 0x90)?}}{{$}}
; OFF-NEXT: .LBB0_2: # %outer
; OFF: .p2align 6, {{(0x90)?}}, 18{{$}}
; OFF-NEXT: .LBB0_3: # %inner

define void @nest(ptr %a, i64 %n, i64 %m) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer

exit:
  ret void
}
