; REQUIRES: x86-registered
;
; A loop nested in a hot loop that iterates too few times per entry to run
; padding of its own (step 6) still has its place decided by the padding
; before the loop that holds it, which runs once per entry of that loop
; (issue 20). Both functions: a row loop taken 99998 times around a column
; loop taken 3 times per row (profile).
;   @pushed: five multiplies before the column loop put it across a line when
;            the row loop starts one; hotalign starts the row loop 36 bytes
;            into a line instead (a block of nops before it, which only
;            falling into it runs; the back edge jumps past them), where both
;            sit on their fewest lines: starts 20..52 fit by the estimate,
;            and 36, their middle, leaves the estimate 16 bytes of error
;            either way. The object's disassembly shows it.
;   @three:  the column loop also fits a line when the row loop starts one,
;            but only at the edge of what fits (starts 0..1 and 20..54):
;            the middle, 14 bytes into a line.
; The nops run only from where the code falls in to the offset: the block
; aligns to a line only where that skips at most 63 - K bytes (max-skip 49
; and 27), and `.fill`s count the rest from the function's symbol, which
; starts a line. In @pushed the code falls in 16 bytes into a line (0x90):
; 20 bytes of nops (three), not 48 to the line start and 36 more (nine).
; In @three, 10 bytes in: 4 bytes of nops, not 68. (padding-runs-to-line-
; offset-only.ll has the case and its twins.)
; Negative twin:
;   -hotalign-line-start=false (max-skip mode): no such placement.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -pass-remarks=hotalign %s -o %t.s \
; RUN:   2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn --disassemble-symbols=pushed %t.o \
; RUN:   | FileCheck %s --check-prefix=OBJ
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu \
; RUN:   -hotalign-max-function-size=0 -hotalign-line-start=false \
; RUN:   -pass-remarks=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SKIP

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 36 hot bytes, back-edge count 99998, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 starts 14 bytes into a line so that its nested loop %bb.2 and it sit on their fewest lines (padding before it runs once per entry){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 76 hot bytes, back-edge count 99998, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop at %bb.1 starts 36 bytes into a line so that its nested loop %bb.2 and it sit on their fewest lines (padding before it runs once per entry){{$}}
; CHECK-NOT: remark:
; CHECK-LABEL: three:
; CHECK: .p2align 6, {{(0x90)?}}, 49{{$}}
; CHECK-NEXT: # %bb.5:
; CHECK-NEXT: #APP
; CHECK: #NO_APP
; CHECK-NEXT: .LBB0_1:
; CHECK-LABEL: pushed:
; CHECK: .p2align 6, {{(0x90)?}}, 27{{$}}
; CHECK-NEXT: # %bb.5:
; CHECK-NEXT: #APP
; CHECK-NEXT: .Ltmp{{[0-9]+}}:
; CHECK-NEXT: .fill ((36-(.Ltmp{{[0-9]+}}-pushed))&63)>>3, 8, 0x841f0f
; CHECK: #NO_APP
; CHECK-NEXT: .LBB1_1:
; CHECK-NOT: .p2align
; CHECK: .Lfunc_end1:

; The row loop's first instruction 36 bytes into a line (0xa4 = 2 x 64 + 36),
; after 20 bytes of nops from where the code falls in (0x90), the column
; loop's 21 bytes on one line, 16 bytes from either end (0xd0..0xe5; with the
; row loop on the line start 0x80 they would sit at 0xac..0xc1, across the
; line at 0xc0), and the row loop's back edge jumps past the nops.
; OBJ: <pushed>:
; OBJ-NEXT: 40: pushq %rbp
; OBJ: 89: movq (%rip), %r15
; OBJ-NEXT: 90: nopl (%rax,%rax)
; OBJ-NEXT: 98: nopl (%rax,%rax)
; OBJ-NEXT: a0: nopl (%rax)
; OBJ-NEXT: a4: movq %r8, %r12
; OBJ: d0: movl (%r12), %ebp
; OBJ: e3: jne 0xd0
; OBJ: ee: jne 0xa4

; SKIP-NOT: starts {{[0-9]+}} bytes into a line

@sink = global i64 0

define void @three(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

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
  br i1 %inner.done, label %outer.latch, label %inner, !prof !16

outer.latch:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer, !prof !17

exit:
  ret void
}

define void @pushed(ptr %a, i64 %n, i64 %m) !prof !14 {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %row.off = mul i64 %i, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %row.off
  %h1 = mul i64 %i, 2654435761
  %h2 = xor i64 %h1, 40503
  %h3 = mul i64 %h2, 1099511628211
  %h4 = xor i64 %h3, %m
  %h5 = mul i64 %h4, 6364136223846793005
  %h6 = xor i64 %h5, 2166136261
  %h7 = mul i64 %h6, 1442695040888963407
  %h8 = xor i64 %h7, 3935559000370003845
  store volatile i64 %h8, ptr @sink, align 8
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
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
!8 = !{!"NumFunctions", i64 2}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 100000, i32 3}
!12 = !{i32 999000, i64 10000, i32 4}
!13 = !{i32 999999, i64 1, i32 6}
!14 = !{!"function_entry_count", i64 1}
; Column loops: exits : back edges.
!15 = !{!"branch_weights", i32 100000, i32 100000}
!16 = !{!"branch_weights", i32 100000, i32 300000}
; Row loops: 1 exit, 99999 back edges.
!17 = !{!"branch_weights", i32 1, i32 99999}
