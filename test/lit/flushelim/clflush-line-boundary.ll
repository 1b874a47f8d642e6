; Where lines begin follows from the base alignment: in a 64-byte-aligned
; @buf, offsets 56 and 63 share the line [@buf, @buf+64), so the second
; clflush goes; offsets 63 and 64 straddle the boundary, so it stays; and
; offset -8 (the line before) against 0 stays too.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [256 x i8] zeroinitializer, align 64

; CHECK-LABEL: define void @same_line(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 56))
; CHECK-NEXT:  ret void

; CHECK-LABEL: define void @straddle(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 63))
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 64))
; CHECK-NEXT:  ret void

; CHECK-LABEL: define void @line_before(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr getelementptr (i8, ptr @buf, i64 -8))
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NEXT:  ret void

define void @same_line() {
entry:
  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 56))
  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 63))
  ret void
}

define void @straddle() {
entry:
  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 63))
  call void @llvm.x86.sse2.clflush(ptr getelementptr inbounds (i8, ptr @buf, i64 64))
  ret void
}

define void @line_before() {
entry:
  call void @llvm.x86.sse2.clflush(ptr getelementptr (i8, ptr @buf, i64 -8))
  call void @llvm.x86.sse2.clflush(ptr @buf)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
