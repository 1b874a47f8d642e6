; REQUIRES: x86-registered
;
; hotalign's size estimate sizes each direct branch of a span by its own
; reach: rel8 when everything between it and its target, counted at its
; largest, is within 127 bytes, rel32 otherwise. Before, a span longer than
; 127 bytes counted every branch in it relaxed, and an inner loop's short
; back jump made it 4 bytes longer than it is (xz 5.4.1's lzma_mf_bt4_skip:
; its inner loop, in a 175-byte outer loop, estimated 15 bytes too long and
; placed across a line). In @doubtful the 146-byte row loop holds seven
; diamonds and the column loop; the estimates equal the bytes in the object
; (llvm-objdump): the column loop 0x96-0xa9, 19 bytes (its back jump `jne
; 0x96`, 2 bytes; before: 23); the row loop 0x26-0xb8, 146 bytes.
; Negative twin: the row loop's own back jump spans 146 bytes: it stays
; rel32 (6 bytes, 0xb2-0xb8), and the estimate counts it so.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-max-loop-size=64 \
; RUN:   -hotalign-max-function-size=0 -pass-remarks-analysis=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-max-loop-size=64 \
; RUN:   -hotalign-max-function-size=0 -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=OBJ

; CHECK: remark: <unknown>:0:0: loop at %bb.16: {{.*}}; 19 hot bytes in a 19-byte span (estimated): hot
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1: {{.*}}; 146 hot bytes in a 146-byte span (estimated): hot

; OBJ: 26: cmpq $0x0, (%r8)
; OBJ: 96: movl (%r9), %r11d
; OBJ: a7: jne 0x96
; OBJ-NEXT: a9: incq %rcx
; OBJ: b2: jne 0x26
; OBJ-NEXT: b8: retq

@sink = global i64 0

define void @doubtful(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %d0

d0:
  %v0 = load volatile i64, ptr @sink, align 8
  %c0 = icmp slt i64 %v0, 0
  br i1 %c0, label %s0, label %d1, !prof !15

s0:
  store volatile i64 1, ptr @sink, align 8
  br label %d1

d1:
  %v1 = load volatile i64, ptr @sink, align 8
  %c1 = icmp slt i64 %v1, 1
  br i1 %c1, label %s1, label %d2, !prof !15

s1:
  store volatile i64 2, ptr @sink, align 8
  br label %d2

d2:
  %v2 = load volatile i64, ptr @sink, align 8
  %c2 = icmp slt i64 %v2, 2
  br i1 %c2, label %s2, label %d3, !prof !15

s2:
  store volatile i64 3, ptr @sink, align 8
  br label %d3

d3:
  %v3 = load volatile i64, ptr @sink, align 8
  %c3 = icmp slt i64 %v3, 3
  br i1 %c3, label %s3, label %d4, !prof !15

s3:
  store volatile i64 4, ptr @sink, align 8
  br label %d4

d4:
  %v4 = load volatile i64, ptr @sink, align 8
  %c4 = icmp slt i64 %v4, 4
  br i1 %c4, label %s4, label %d5, !prof !15

s4:
  store volatile i64 5, ptr @sink, align 8
  br label %d5

d5:
  %v5 = load volatile i64, ptr @sink, align 8
  %c5 = icmp slt i64 %v5, 5
  br i1 %c5, label %s5, label %d6, !prof !15

s5:
  store volatile i64 6, ptr @sink, align 8
  br label %d6

d6:
  %v6 = load volatile i64, ptr @sink, align 8
  %c6 = icmp slt i64 %v6, 6
  br i1 %c6, label %s6, label %d7, !prof !15

s6:
  store volatile i64 7, ptr @sink, align 8
  br label %d7

d7:
  br label %inner

inner:
  %j = phi i64 [ 0, %d7 ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !16

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}


!llvm.module.flags = !{!0}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 1000000}
!4 = !{!"MaxCount", i64 400000}
!5 = !{!"MaxInternalCount", i64 400000}
!6 = !{!"MaxFunctionCount", i64 1}
!7 = !{!"NumCounts", i64 6}
!8 = !{!"NumFunctions", i64 4}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 4}
!13 = !{i32 999999, i64 1, i32 6}
!14 = !{!"function_entry_count", i64 1}
; Diamonds: half of the rows store.
!15 = !{!"branch_weights", i32 50000, i32 50000}
; Column loops: exits : back edges (4 and 2.2 per row).
!16 = !{!"branch_weights", i32 100000, i32 400000}
!18 = !{!"branch_weights", i32 100000, i32 220000}
; Row loops: 1 exit, 99999 back edges.
!17 = !{!"branch_weights", i32 1, i32 99999}
