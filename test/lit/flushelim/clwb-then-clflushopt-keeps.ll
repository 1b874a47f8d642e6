; clwb (write-back) never covers clflushopt (evict), though both are weakly
; ordered. Nothing may change. Positive twin: clflushopt-then-clwb-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clwb_then_clflushopt(
; CHECK:       call void @llvm.x86.clwb(ptr %p)
; CHECK-NEXT:  call void @llvm.x86.clflushopt(ptr %p)
; CHECK-NEXT:  ret void

define void @clwb_then_clflushopt(ptr %p) {
entry:
  call void @llvm.x86.clwb(ptr %p)
  call void @llvm.x86.clflushopt(ptr %p)
  ret void
}

declare void @llvm.x86.clwb(ptr)
declare void @llvm.x86.clflushopt(ptr)
