; An instruction-cache flush says nothing about data-cache write-back or
; eviction: clflush after llvm.clear_cache of a range containing its line
; stays. Positive twin: cross-primitive-same-domain-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [256 x i8] zeroinitializer, align 64

; CHECK-LABEL: define void @clear_cache_then_clflush(
; CHECK:       call void @llvm.clear_cache(ptr @buf, ptr getelementptr inbounds (i8, ptr @buf, i64 256))
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr @buf)
; CHECK-NEXT:  ret void

define void @clear_cache_then_clflush() {
entry:
  call void @llvm.clear_cache(ptr @buf, ptr getelementptr inbounds (i8, ptr @buf, i64 256))
  call void @llvm.x86.sse2.clflush(ptr @buf)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
declare void @llvm.x86.sse2.clflush(ptr)
