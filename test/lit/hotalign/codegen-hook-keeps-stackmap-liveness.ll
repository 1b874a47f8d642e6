; On LLVM 19 hotalign reaches codegen by replacing the constructor of the
; StackMap liveness pass with one that runs that pass and then hotalign
; (passes/Compat/CodegenHook.cpp); on LLVM 21+ it is inserted after it. Either
; way StackMap liveness must still do its job: the patchpoint's live-out
; registers in .llvm_stackmaps are the same with and without the plugin,
; while hotalign, in the same pipeline, aligns @hot's loop.
;
; RUN: %llc -filetype=obj %s -o %t.llvm.o
; RUN: %llc -load=%plugin -pass-remarks=hotalign -filetype=obj %s -o %t.plugin.o \
; RUN:   2> %t.plugin.r
; RUN: llvm-readobj --stackmap %t.llvm.o | grep -v '^File:' > %t.llvm.txt
; RUN: llvm-readobj --stackmap %t.plugin.o | grep -v '^File:' > %t.plugin.txt
; RUN: diff %t.llvm.txt %t.plugin.txt
; RUN: FileCheck %s < %t.plugin.txt
; RUN: FileCheck %s --check-prefix=REMARK < %t.plugin.r
;
; Negative twin, to show the comparison can fail: without patchpoint liveness
; the record has no live-outs, and the listings differ.
; RUN: %llc -load=%plugin -enable-patchpoint-liveness=false -filetype=obj %s \
; RUN:   -o %t.nolive.o
; RUN: llvm-readobj --stackmap %t.nolive.o | grep -v '^File:' > %t.nolive.txt
; RUN: not diff %t.llvm.txt %t.nolive.txt
; RUN: FileCheck %s --check-prefix=NOLIVE < %t.nolive.txt

target triple = "x86_64-unknown-linux-gnu"

; CHECK: Num Functions: 1
; CHECK: Record ID: 7, instruction offset: [[#]]
; CHECK-NEXT: 0 locations:
; CHECK-NEXT: {{[1-9][0-9]*}} live-outs: [ R#
; CHECK: Record ID: 9, instruction offset: [[#]]
; CHECK-NEXT: 2 locations:

; NOLIVE: Record ID: 7, instruction offset: [[#]]
; NOLIVE-NEXT: 0 locations:
; NOLIVE-NEXT: 0 live-outs: [ ]

; REMARK: remark: <unknown>:0:0: aligned hot loop at %bb.{{[0-9]+}}: 16 hot bytes, back edges 31.0x loop entry, alignment 64, max-skip 63 (line start){{$}}

define i64 @patched(i64 %a, i64 %b) {
entry:
  %r = call i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64(i64 7, i32 15, ptr null, i32 2, i64 %a, i64 %b)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 8, i64 %a, i64 %r)
  %s = add i64 %r, %a
  %t = mul i64 %s, %b
  ret i64 %t
}

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

declare i64 @llvm.experimental.patchpoint.i64(i64, i32, ptr, i32, ...)
declare void @llvm.experimental.stackmap(i64, i32, ...)
