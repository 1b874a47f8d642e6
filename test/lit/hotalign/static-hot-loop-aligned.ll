; Without a profile, a loop whose header runs at least -hotalign-static-ratio
; (8) times per function entry is hot. @hot's loop runs ~20x per entry (static
; estimate): its top block gets `.p2align 6, , K` with K = span - 1, the
; largest pad that still leaves the 16-byte loop inside one line. The loop is
; 16 real bytes (movl 2 + leal 3 + movl 2 + addq 4 + decq 3 + jne 2).
;
; Negative twin: @rare's back edge is taken half the time (~2x per entry), so
; it is cold: no 64-byte alignment, a missed remark, and no max-skip.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign -pass-remarks-missed=hotalign \
; RUN:   %s -o %t.s 2> %t.remarks
; RUN: cat %t.remarks %t.s | FileCheck %s
; RUN: %llc -load=%plugin -pass-remarks-output=%t.yaml -pass-remarks-filter=hotalign \
; RUN:   %s -o /dev/null
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

target triple = "x86_64-unknown-linux-gnu"

; The remark's max-skip is span - 1, and the directive carries that max-skip.
; CHECK: remark: <unknown>:0:0: aligned hot loop: span [[#SPAN:]] bytes,
; CHECK-SAME: frequency 20x entry, alignment 64, max-skip [[#SPAN-1]]{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: loop not aligned: cold{{$}}
; CHECK-NOT: remark:

; CHECK-LABEL: hot:
; CHECK: je .LBB0_2
; CHECK-NEXT: .p2align 6, {{(0x90)?}}, [[#SPAN-1]]{{$}}
; CHECK-NEXT: .LBB0_1: # %loop
; CHECK-NEXT: # =>This Inner Loop Header: Depth=1
; CHECK-LABEL: rare:
; CHECK-NOT: .p2align 6
; CHECK: .LBB1_1: # %loop
; CHECK-NOT: .p2align 6
; CHECK: .Lfunc_end1:

; The named values in the serialized remark.
; YAML: --- !Passed
; YAML-NEXT: Pass: hotalign
; YAML-NEXT: Name: LoopAligned
; YAML: Function: hot
; YAML: - SpanBytes: '16'
; YAML: - Ratio: '20'
; YAML: - Alignment: '64'
; YAML: - MaxSkip: '15'
; YAML: --- !Missed
; YAML-NEXT: Pass: hotalign
; YAML-NEXT: Name: Cold
; YAML: Function: rare

define void @hot(ptr %a, i64 %n) {
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

define void @rare(ptr %a, i64 %n) {
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
  br i1 %done, label %exit, label %loop, !prof !0

exit:
  ret void
}

!0 = !{!"branch_weights", i32 1, i32 1}
