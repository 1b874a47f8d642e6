; -hotalign-line-start (on by default) reaches hotalign through
; HOTLAYOUT_OPTIONS, the way a build hands options to clang: under `llc -load`
; (read by the hotalign constructor) and under `clang -fpass-plugin` (read
; when the plugin loads). Set false there, it selects the estimate-driven
; max-skip: 15 for this 16-byte loop instead of the line start's 63.
;
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-start=false \
; RUN:   %llc -load=%plugin -pass-remarks=hotalign %s -o %t.llc.s 2> %t.llc.r
; RUN: cat %t.llc.r %t.llc.s | FileCheck %s --check-prefix=OFF
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-start=false %clang \
; RUN:   --target=x86_64-linux-gnu -O2 -fpass-plugin=%plugin -Rpass=hotalign \
; RUN:   -S %s -o %t.clang.s 2> %t.clang.r
; RUN: cat %t.clang.r %t.clang.s | FileCheck %s --check-prefix=CLANGOFF
;
; Negative twins: without the variable, the default line start; with the
; option set on the command line, which wins over the variable. The bool
; option needs no `=true`.
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o %t.on.s 2> %t.on.r
; RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-line-start=false %llc -load=%plugin \
; RUN:   -hotalign-line-start -pass-remarks=hotalign %s -o %t.cl.s 2> %t.cl.r
; RUN: cat %t.cl.r %t.cl.s | FileCheck %s --check-prefix=ON
; A misspelling is refused, naming the variable.
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-linestart not %llc -load=%plugin %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
;
; REQUIRES: x86-registered

target triple = "x86_64-unknown-linux-gnu"

; ON: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}
; ON: .p2align 6, {{(0x90)?}}, 63{{$}}
; ON-NEXT: .LBB0_1: # %loop

; CLANGOFF: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: {{.*}}, max-skip {{[0-9]+}} [-Rpass=hotalign]
; CLANGOFF-NOT: (line start)
; CLANGOFF-NOT: .p2align 6, {{(0x90)?}}, 63{{$}}

; OFF: remark: <unknown>:0:0: aligned hot loop at %bb.1: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 15{{$}}
; OFF: .p2align 6, {{(0x90)?}}, 15{{$}}
; OFF-NEXT: .LBB0_1: # %loop

; BAD: HOTLAYOUT_OPTIONS: '-hotalign-linestart' is not a hotlayout option

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
