; REQUIRES: x86-registered
;
; In line-start mode (the default), without a profile (no lock keeps a
; loop's offset; with one: line-start-with-profile-only-where-span-needs-it.ll)
; a hot loop starts a line in every build, whatever moves before it. Where the block before it may fall into it, the
; padding runs once per entry that falls in; where those nops are not cheap
; against the loop's work (at most 7 nops x -hotalign-min-nested-iterations
; (8) must be within its instructions x iterations per such entry), the loop
; is padded only where its estimated span would touch more lines than it
; needs: max-skip line-1 minus the span's room in its fewest lines. zopfli
; 1.0.3's EncodeTree ran 4 nops per entry before a 34-byte loop of 4.7
; iterations (1.35 M nops, 0.25 % of the run) that fitted its line where it
; fell about half the time. The estimate is an upper bound and the assembler
; sees the real start, so a start it does not pad fits.
; (-hotalign-static-ratio=2: a loop of 3 iterations per entry is hot.)
;   @fallen_into: a 17-byte loop of 3 iterations (6 instructions) after a
;   conditional jump that falls into it: room 47, max-skip 16; in the object
;   it starts 2 bytes into its line (llvm-objdump), on one line.
; Negative twins:
;   @fallen_into_iterating: the same loop, 100000 iterations per entry: its
;   nops are cheap, it starts a line (max-skip 63).
;   @jumped_to: the loop's first block follows an unconditional jump, its
;   padding never runs: a line start, max-skip 63.
;   -hotalign-line-start-only-when-needed=false: @fallen_into's loop starts a
;   line too.
;
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-static-ratio=2 -pass-remarks=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-static-ratio=2 -filetype=obj %s -o %t.o
; RUN: llvm-objdump -d --no-show-raw-insn --disassemble-symbols=fallen_into %t.o \
; RUN:   | FileCheck %s --check-prefix=OBJ
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -hotalign-static-ratio=2 -pass-remarks=hotalign \
; RUN:   -hotalign-line-start-only-when-needed=false %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FULL

; CHECK: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back edges 3.0x loop entry, alignment 64, max-skip 16 (line start where its span needs one){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back edges 99998.2x loop entry, alignment 64, max-skip 63 (line start){{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.3: 21 hot bytes, back edges 49999.6x loop entry, alignment 64, max-skip 63 (line start){{$}}
; FULL: remark: <unknown>:0:0: aligned hot loop at %bb.1: 17 hot bytes, back edges 3.0x loop entry, alignment 64, max-skip 63 (line start){{$}}

; The loop from 0x2 (2 bytes into its line, within the room: no padding)
; to its back jump's end at 0x13.
; OBJ: 2: tzcntq (%rdi), %rcx
; OBJ: 11: jne 0x2
; OBJ-NEXT: 13: retq

@sink = global i64 0

define i64 @fallen_into(ptr %a, i64 %n) {
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
  br i1 %done, label %exit, label %loop, !prof !2

exit:
  ret i64 %s.next
}

define i64 @fallen_into_iterating(ptr %a, i64 %n) {
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

define void @jumped_to(ptr %a, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %join ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %odd = trunc i32 %v to i1
  br i1 %odd, label %then, label %else, !prof !1

then:
  store volatile i64 1, ptr @sink, align 8
  br label %join

else:
  %w = mul i32 %v, 3
  store i32 %w, ptr %p, align 4
  br label %join

join:
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  ret void
}

declare i64 @llvm.cttz.i64(i64, i1)

!0 = !{!"branch_weights", i32 1, i32 100000}
!1 = !{!"branch_weights", i32 1, i32 1}
; @fallen_into's loop: 3 back edges per entry.
!2 = !{!"branch_weights", i32 1, i32 3}
