; The load between the two clflush reads @other, a separate 64-byte-aligned
; object: it starts a line of its own, so it cannot share a line with the
; 64-byte-aligned @line being flushed. The second clflush goes.
; Negative twins: clflush-load-between-keeps.ll,
; clflush-load-adjacent-object-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@line = global [64 x i8] zeroinitializer, align 64
@other = global i32 0, align 64

; CHECK-LABEL: define i32 @clflush_load_elsewhere(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr @line)
; CHECK-NEXT:  %v = load i32, ptr @other
; CHECK-NOT:   call void @llvm.x86.sse2.clflush
; CHECK:       ret i32 %v

define i32 @clflush_load_elsewhere() {
entry:
  call void @llvm.x86.sse2.clflush(ptr @line)
  %v = load i32, ptr @other, align 64
  call void @llvm.x86.sse2.clflush(ptr @line)
  ret i32 %v
}

declare void @llvm.x86.sse2.clflush(ptr)
