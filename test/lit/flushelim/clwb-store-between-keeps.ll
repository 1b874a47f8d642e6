; A store to the line between two clwb dirties it again: the second clwb
; must write it back and stays. Positive twin: clwb-twice-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clwb_store_between(
; CHECK:       call void @llvm.x86.clwb(ptr %p)
; CHECK-NEXT:  store i64 %v, ptr %p
; CHECK-NEXT:  call void @llvm.x86.clwb(ptr %p)
; CHECK-NEXT:  ret void

define void @clwb_store_between(ptr %p, i64 %v) {
entry:
  call void @llvm.x86.clwb(ptr %p)
  store i64 %v, ptr %p, align 8
  call void @llvm.x86.clwb(ptr %p)
  ret void
}

declare void @llvm.x86.clwb(ptr)
