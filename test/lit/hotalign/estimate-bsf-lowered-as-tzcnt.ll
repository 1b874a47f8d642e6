; REQUIRES: x86-registered
;
; hotalign's size estimate is an upper bound: x86's lowering writes BSF as
; TZCNT (`rep bsf`), one prefix byte more than the MIR opcode encodes (xz
; 5.4.1's lzma_mf_bt4_skip: a 52-byte inner loop estimated at 51, placed
; where its last byte crossed a line). Each loop's estimate here equals its
; bytes in the object (llvm-objdump, not our code): @cttz's loop from 0x40 to
; 0x51, 17 bytes.
; Negative twin: @ctlz's BSR gets no prefix (LZCNT is another instruction):
; nothing is added, 20 bytes, 0x80-0x94.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -pass-remarks-analysis=hotalign \
; RUN:   %s -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=OBJ

; CHECK: remark: <unknown>:0:0: loop at %bb.1: {{.*}}; 17 hot bytes in a 17-byte span (estimated): hot
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1: {{.*}}; 20 hot bytes in a 20-byte span (estimated): hot

; OBJ-LABEL: <cttz>:
; OBJ: 40: tzcntq (%rdi), %rcx
; OBJ: 4f: jne 0x40
; OBJ-NEXT: 51: retq
; OBJ-LABEL: <ctlz>:
; OBJ: 80: bsrq (%rdi), %rcx
; OBJ: 92: jne 0x80
; OBJ-NEXT: 94: retq

define i64 @cttz(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.cttz.i64(i64 %v, i1 true)
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  ret i64 %s.next
}

define i64 @ctlz(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i64, ptr %a, i64 %i
  %v = load i64, ptr %p, align 8
  %z = call i64 @llvm.ctlz.i64(i64 %v, i1 true)
  %s.next = add i64 %s, %z
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  ret i64 %s.next
}

declare i64 @llvm.cttz.i64(i64, i1)
declare i64 @llvm.ctlz.i64(i64, i1)

!0 = !{!"branch_weights", i32 1, i32 100000}
