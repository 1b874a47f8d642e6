; clflush of %p and of %p+8 where nothing is known about %p's alignment: if
; %p sits in the last 8 bytes of a line, %p+8 is in the next one. The second
; clflush stays. Positive twin: clflush-same-line-aligned-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @unknown_alignment(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p.8)
; CHECK-NEXT:  ret void

define void @unknown_alignment(ptr %p) {
entry:
  %p.8 = getelementptr inbounds i8, ptr %p, i64 8
  call void @llvm.x86.sse2.clflush(ptr %p)
  call void @llvm.x86.sse2.clflush(ptr %p.8)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
