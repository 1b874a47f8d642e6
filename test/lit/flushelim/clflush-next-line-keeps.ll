; clflush of @buf and of @buf+64, where @buf is 64-byte aligned: two
; different lines, so the second clflush is no duplicate and stays.
; Positive twin: clflush-same-line-aligned-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [256 x i8] zeroinitializer, align 64

; CHECK-LABEL: define void @next_line(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 64))
; CHECK-NEXT:  ret void

define void @next_line() {
entry:
  call void @llvm.x86.sse2.clflush(ptr @buf)
  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 64))
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
