; The load between the two clflush of @buf reads @buf+32, a different byte
; of the same 64-byte line (@buf is 64-byte aligned): the line is cached
; again, so the second clflush stays. Positive twin: clflush-load-other-line-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [256 x i8] zeroinitializer, align 64

; CHECK-LABEL: define i8 @clflush_load_same_line(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NEXT:  %v = load i8, ptr getelementptr inbounds (i8, ptr @buf, i64 32)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NEXT:  ret i8 %v

define i8 @clflush_load_same_line() {
entry:
  call void @llvm.x86.sse2.clflush(ptr @buf)
  %v = load i8, ptr getelementptr inbounds (i8, ptr @buf, i64 32), align 1
  call void @llvm.x86.sse2.clflush(ptr @buf)
  ret i8 %v
}

declare void @llvm.x86.sse2.clflush(ptr)
