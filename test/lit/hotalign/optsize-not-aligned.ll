; Functions optimised for size (-Os gives `optsize`, -Oz `minsize`) get no
; padding: each of their innermost loops is reported and left as LLVM laid
; it out, however hot.
;
; Negative twin of the size-optimised pair: @plain has the same loop without
; the attribute and is aligned.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.s -pass-remarks-output=%t.yaml -pass-remarks-filter=hotalign 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

target triple = "x86_64-unknown-linux-gnu"

; CHECK: remark: <unknown>:0:0: aligned hot loop: span 16 bytes, frequency 20x entry, alignment 64, max-skip 15{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop not aligned: function is optimised for size{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop not aligned: function is optimised for size{{$}}
; CHECK-NOT: remark:

; CHECK-LABEL: plain:
; CHECK: .p2align 6, {{(0x90)?}}, 15{{$}}
; CHECK-NEXT: .LBB0_1: # %loop
; CHECK-LABEL: small:
; CHECK-NOT: .p2align 6
; CHECK: # %loop
; CHECK-LABEL: tiny:
; CHECK-NOT: .p2align 6
; CHECK: # %loop
; CHECK-NOT: .p2align 6

; YAML: Name: LoopAligned
; YAML-NEXT: Function: plain
; YAML: Name: SizeOptimised
; YAML-NEXT: Function: small
; YAML: Name: SizeOptimised
; YAML-NEXT: Function: tiny

define void @plain(ptr %a, i64 %n) {
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

define void @small(ptr %a, i64 %n) optsize {
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

define void @tiny(ptr %a, i64 %n) minsize optsize {
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
