; The load between the two clflush of @buf reads @buf+64, the next line of
; a 64-byte-aligned buffer: the flushed line is untouched and the second
; clflush goes. Negative twin: clflush-load-same-line-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [256 x i8] zeroinitializer, align 64

; CHECK-LABEL: define i8 @clflush_load_other_line(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NEXT:  %v = load i8, ptr getelementptr inbounds (i8, ptr @buf, i64 64)
; CHECK-NOT:   call void @llvm.x86.sse2.clflush
; CHECK:       ret i8 %v

define i8 @clflush_load_other_line() {
entry:
  call void @llvm.x86.sse2.clflush(ptr @buf)
  %v = load i8, ptr getelementptr inbounds (i8, ptr @buf, i64 64), align 1
  call void @llvm.x86.sse2.clflush(ptr @buf)
  ret i8 %v
}

declare void @llvm.x86.sse2.clflush(ptr)
