; REQUIRES: x86-registered
;
; Step 9 places a nested loop through the padding before its enclosing loop
; by the estimated layout, whose sizes are upper bounds: the real code before
; the nested loop may be shorter, by D bytes (the estimate's upper minus its
; lower bounds there), and the loop then starts up to D bytes earlier. Here
; the doubt is inline assembly at the top of each row loop: a `nop` statement
; is estimated at 15 bytes (x86's longest instruction) and at least 0, and
; assembles to 1. (The diamonds' branches, short in the object, are sized
; short by their distance: no doubt.) The row loops are not tight
; (-hotalign-max-loop-size=64), so they are pinned only where their column
; loop fits whatever the real sizes (zopfli's EncodeTree: fitted by the
; estimate 144 bytes on, 20 bytes early and across a line in the binary).
; The column loop is 19 bytes: 45 bytes of room in its line.
;   @doubtful: 2 statements, 30 bytes of doubt, within that room: the row
;              loop starts 23 bytes into a line, where every start the doubt
;              allows fits; the object has the column loop on one line.
;   @unsure:   4 statements, 60 bytes of doubt, more than the room: no start
;              of the row loop is sure, and the column loop, 4 iterations per
;              entry, gets padding of its own after all (max-skip 18, 2 nops
;              at most per entry against 6 instructions x 4 iterations).
;   With the default -hotalign-max-loop-size (256), @unsure's and @costly's
;   row loops, 286 hot bytes by the estimate but 222 at the least, may be
;   tight: unpinned, they start a line instead of falling anywhere.
; Negative twins:
;   @sure:     1 statement, 15 bytes of doubt: placed (31 bytes in).
;   @costly:   @unsure's doubt, 2.2 iterations per entry: 2 nops cost more
;              than 1/8 of 6 x 2.2 instructions, so no padding at all.
;   With -hotalign-max-loop-size=64 no row loop may be tight: none starts a
;   line.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -hotalign-max-loop-size=64 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o %t.s \
; RUN:   2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
; RUN: FileCheck %s --check-prefix=NOLINE < %t.r
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign %s -o %t2.s \
; RUN:   2>&1 | FileCheck %s --check-prefix=MAYBE
; RUN: FileCheck %s --check-prefix=MAYBE-ASM < %t2.s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -hotalign-max-loop-size=64 \
; RUN:   -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn --disassemble-symbols=doubtful %t.o \
; RUN:   | FileCheck %s --check-prefix=OBJ

; CHECK: loop at %bb.1 starts 23 bytes into a line so that its nested loop %bb.16 and it sit on their fewest lines
; CHECK: remark: <unknown>:0:0: aligned nested loop at %bb.26, max-skip 18: its place through the loop at %bb.1 rests on an estimate up to 60 bytes long, more than it can move and still fit; up to 2 nops per entry are within 1/8 of its 6 instructions x 4.0 iterations per entry{{$}}
; CHECK: loop at %bb.1 starts 31 bytes into a line so that its nested loop %bb.8 and it sit on their fewest lines
; CHECK: remark: <unknown>:0:0: loop at %bb.26 not aligned: its place through the loop at %bb.1 rests on an estimate up to 60 bytes long, more than it can move and still fit, and padding of its own (up to 2 nops per entry) costs more than 1/8 of its 6 instructions x 2.2 iterations per entry{{$}}
; CHECK-NOT: starts {{[0-9]+}} bytes into a line
; CHECK-LABEL: unsure:
; CHECK: .p2align 6, {{(0x90)?}}, 18{{$}}
; CHECK-NEXT: .LBB1_26:
; CHECK-LABEL: costly:
; CHECK-NOT: .p2align 6
; CHECK: .Lfunc_end3:

; NOLINE-NOT: starts a line

; MAYBE: aligned nested loop at %bb.26, max-skip 18
; MAYBE-NEXT: remark: <unknown>:0:0: loop at %bb.1 starts a line, max-skip 63: 286 hot bytes by the estimate, 222 at the least, so it may be tight, and no start for its nested loops is sure{{$}}
; MAYBE: so that its nested loop %bb.8 and it sit on their fewest lines
; MAYBE-NEXT: remark: <unknown>:0:0: loop at %bb.1 starts a line, max-skip 63: 286 hot bytes by the estimate, 222 at the least
; MAYBE-NOT: remark:
; MAYBE-ASM-LABEL: unsure:
; MAYBE-ASM: .p2align 6, {{(0x90)?}}, 63{{$}}
; MAYBE-ASM-NEXT: .LBB1_1:
; MAYBE-ASM-LABEL: costly:
; MAYBE-ASM: .p2align 6, {{(0x90)?}}, 63{{$}}
; MAYBE-ASM-NEXT: .LBB3_1:

; The column loop from 0x89 to its back jump at 0x9a, on the line 0x80.
; OBJ: 89: movl (%r9), %r11d
; OBJ: 9a: jne 0x89

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
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
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

define void @unsure(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %d0

d0:
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
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
  %v7 = load volatile i64, ptr @sink, align 8
  %c7 = icmp slt i64 %v7, 7
  br i1 %c7, label %s7, label %d8, !prof !15

s7:
  store volatile i64 8, ptr @sink, align 8
  br label %d8

d8:
  %v8 = load volatile i64, ptr @sink, align 8
  %c8 = icmp slt i64 %v8, 8
  br i1 %c8, label %s8, label %d9, !prof !15

s8:
  store volatile i64 9, ptr @sink, align 8
  br label %d9

d9:
  %v9 = load volatile i64, ptr @sink, align 8
  %c9 = icmp slt i64 %v9, 9
  br i1 %c9, label %s9, label %d10, !prof !15

s9:
  store volatile i64 10, ptr @sink, align 8
  br label %d10

d10:
  %v10 = load volatile i64, ptr @sink, align 8
  %c10 = icmp slt i64 %v10, 10
  br i1 %c10, label %s10, label %d11, !prof !15

s10:
  store volatile i64 11, ptr @sink, align 8
  br label %d11

d11:
  %v11 = load volatile i64, ptr @sink, align 8
  %c11 = icmp slt i64 %v11, 11
  br i1 %c11, label %s11, label %d12, !prof !15

s11:
  store volatile i64 12, ptr @sink, align 8
  br label %d12

d12:
  br label %inner

inner:
  %j = phi i64 [ 0, %d12 ], [ %j.next, %inner ]
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

define void @sure(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %d0

d0:
  call void asm sideeffect "nop", ""()
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
  br label %inner

inner:
  %j = phi i64 [ 0, %d3 ], [ %j.next, %inner ]
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

define void @costly(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  br label %d0

d0:
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
  call void asm sideeffect "nop", ""()
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
  %v7 = load volatile i64, ptr @sink, align 8
  %c7 = icmp slt i64 %v7, 7
  br i1 %c7, label %s7, label %d8, !prof !15

s7:
  store volatile i64 8, ptr @sink, align 8
  br label %d8

d8:
  %v8 = load volatile i64, ptr @sink, align 8
  %c8 = icmp slt i64 %v8, 8
  br i1 %c8, label %s8, label %d9, !prof !15

s8:
  store volatile i64 9, ptr @sink, align 8
  br label %d9

d9:
  %v9 = load volatile i64, ptr @sink, align 8
  %c9 = icmp slt i64 %v9, 9
  br i1 %c9, label %s9, label %d10, !prof !15

s9:
  store volatile i64 10, ptr @sink, align 8
  br label %d10

d10:
  %v10 = load volatile i64, ptr @sink, align 8
  %c10 = icmp slt i64 %v10, 10
  br i1 %c10, label %s10, label %d11, !prof !15

s10:
  store volatile i64 11, ptr @sink, align 8
  br label %d11

d11:
  %v11 = load volatile i64, ptr @sink, align 8
  %c11 = icmp slt i64 %v11, 11
  br i1 %c11, label %s11, label %d12, !prof !15

s11:
  store volatile i64 12, ptr @sink, align 8
  br label %d12

d12:
  br label %inner

inner:
  %j = phi i64 [ 0, %d12 ], [ %j.next, %inner ]
  %p = getelementptr inbounds i32, ptr %row, i64 %j
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %j.next = add nuw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %m
  br i1 %inner.done, label %outer.latch, label %inner, !prof !18

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
