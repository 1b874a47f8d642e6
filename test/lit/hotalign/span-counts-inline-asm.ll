; Regression test (was a hotalign bug): on x86 the size estimator sizes inline asm
; with TargetInstrInfo::getInlineAsmLength, i.e. the MCAsmInfo's maximum
; instruction length per statement, which x86 leaves at the default of 4
; bytes; x86 instructions take up to 15. This loop's movabsq alone is 10
; bytes: the 15-byte loop is estimated at 9 (remark "span 9 bytes, ...
; max-skip 8"), so starting at 0x34 it needs 12 bytes of padding, more than
; the max-skip, is not padded, and straddles 0x40. The estimate now accounts for this.
;
; The loop (movabsq, cmpl, je) would start at 0x34 after 52 bytes of int3; it
; must start at 0x40.
;
; RUN: %llc -load=%plugin -hotalign-line-start=false -pass-remarks=hotalign -filetype=obj %s -o %t.o \
; RUN:   2> %t.r
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.r

target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: <spin>:
; CHECK: {{^ *}}34: nop
; CHECK: {{^ *}}40: movabsq $0x123456789abcdef0, %rax
; CHECK-NEXT: {{^ *}}4a: cmpl $0x0, (%rdi)
; CHECK-NEXT: {{^ *}}4d: je 0x40

; The span covers at least the 15 real bytes: max-skip = max(span - 1, 14).
; REMARK: aligned hot loop at %bb.{{[0-9]+}}: [[#SPAN:]] hot bytes,
; REMARK-SAME: max-skip [[#max(SPAN-1,14)]]{{$}}

define void @spin(ptr %flag) nounwind {
entry:
  call void asm sideeffect ".fill 52, 1, 0xcc", ""()
  br label %loop

loop:
  call void asm sideeffect "movabsq $$0x123456789abcdef0, %rax", "~{rax}"()
  %v = load volatile i32, ptr %flag, align 4
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
