; Under `llc -load` a word in HOTLAYOUT_OPTIONS that is not a hotlayout option
; stops the compile with a message naming it, as in every other host; before,
; llc never read the variable and went on. That holds at -O0 (no hotalign in
; the pipeline: the codegen hook reads it on LLVM 21+, the wrapped StackMap
; liveness constructor on LLVM 19) and for -run-pass=hotalign. `not` fails on
; a crash, so this is a clean exit != 0.
;
; REQUIRES: x86-registered
;
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-bogus not %llc -load=%plugin %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-bogus not %llc -O0 -load=%plugin %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -stop-before=stackmap-liveness %s -o %t.mir
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-bogus not %llc -load=%plugin \
; RUN:   -run-pass=hotalign %t.mir -o /dev/null 2>&1 | FileCheck %s
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-size=48 not %llc -load=%plugin %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADVALUE
;
; Negative twin: a hotlayout option with a good value is accepted.
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-size=32 %llc -load=%plugin \
; RUN:   -pass-remarks=hotalign %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GOOD

target triple = "x86_64-unknown-linux-gnu"

; CHECK: HOTLAYOUT_OPTIONS: '-hotalign-bogus' is not a hotlayout option
; BADVALUE: HOTLAYOUT_OPTIONS: bad value in '-hotalign-line-size=48'
; GOOD: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 32, max-skip 31 (line start){{$}}

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
