; REQUIRES: x86-registered, riscv64-registered, arm-registered
;
; On a target hotalign does not support (anything but x86-64 and AArch64),
; the plugin leaves the code alone (other-targets-unchanged.test) and says so
; once per module, naming the target, in a missed remark: not once per
; function, and not with any remark about its loops. This module has three
; functions with hot loops, which hotalign aligns on x86-64.
; Negative twin: x86-64, the same module: no such remark, and hotalign's
; remarks about the three loops.
;
; RUN: %llc -load=%plugin -mtriple=riscv64-linux-gnu \
; RUN:   -pass-remarks='hotalign|hotalign-jt-base' \
; RUN:   -pass-remarks-missed='hotalign|hotalign-jt-base' \
; RUN:   -pass-remarks-analysis='hotalign|hotalign-jt-base' %s -o /dev/null \
; RUN:   2>&1 | FileCheck %s --check-prefix=RISCV
; RUN: %llc -load=%plugin -mtriple=armv7-linux-gnueabihf \
; RUN:   -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ARM
; The remark's record names the triple as a value of its own.
; RUN: %llc -load=%plugin -mtriple=riscv64-linux-gnu \
; RUN:   -pass-remarks-output=%t.yaml -pass-remarks-filter=hotalign %s \
; RUN:   -o /dev/null
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o /dev/null \
; RUN:   2>&1 | FileCheck %s --check-prefix=X86

; RISCV: remark: <unknown>:0:0: hotalign, hotalign-jt-base: code for riscv64-unknown-linux-gnu left as LLVM emits it (they change code for x86-64 and AArch64 only){{$}}
; RISCV-NOT: remark:

; ARM: remark: <unknown>:0:0: hotalign, hotalign-jt-base: code for armv7-unknown-linux-gnueabihf left as LLVM emits it (they change code for x86-64 and AArch64 only){{$}}
; ARM-NOT: remark:

; YAML: --- !Missed
; YAML-NEXT: Pass: hotalign
; YAML-NEXT: Name: UnsupportedTarget
; YAML-NEXT: Function: first
; YAML: - Triple: riscv64-unknown-linux-gnu
; YAML-NOT: --- !

; X86-NOT: left as LLVM emits it
; X86: remark: <unknown>:0:0: aligned hot loop at %bb.1: {{.*}}
; X86-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: {{.*}}
; X86-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: {{.*}}
; X86-NOT: left as LLVM emits it

define void @first(ptr %a, i64 %n) {
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

define void @second(ptr %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %m = xor i64 %v, %i
  store i64 %m, ptr %p, align 8
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @third(ptr %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i16, ptr %a, i64 %i
  %v = load i16, ptr %p, align 2
  %m = add i16 %v, 7
  store i16 %m, ptr %p, align 2
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
