; clflush of @buf and of @buf+8, where @buf is 64-byte aligned: both
; pointers are in the line [@buf, @buf+64), so the second clflush goes. The
; same holds for a 64-byte-aligned alloca.
; Negative twins: clflush-next-line-keeps.ll, clflush-unknown-alignment-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [256 x i8] zeroinitializer, align 64

; CHECK-LABEL: define void @same_line_global(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NOT:   call void @llvm.x86.sse2.clflush
; CHECK:       ret void

; CHECK-LABEL: define void @same_line_alloca(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %line)
; CHECK-NOT:   call void @llvm.x86.sse2.clflush
; CHECK:       call void @consume(ptr %line)
; CHECK-NEXT:  ret void

define void @same_line_global() {
entry:
  call void @llvm.x86.sse2.clflush(ptr @buf)
  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 8))
  ret void
}

define void @same_line_alloca() {
entry:
  %line = alloca [128 x i8], align 64
  %line.8 = getelementptr inbounds i8, ptr %line, i64 8
  call void @llvm.x86.sse2.clflush(ptr %line)
  call void @llvm.x86.sse2.clflush(ptr %line.8)
  call void @consume(ptr %line)
  ret void
}

declare void @consume(ptr)
declare void @llvm.x86.sse2.clflush(ptr)
