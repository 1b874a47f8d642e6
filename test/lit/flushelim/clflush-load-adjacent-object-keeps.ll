; A cache line is 64 bytes, not one object: two small globals (or a local
; and whatever %p points at) may share a line although alias analysis calls
; them disjoint. A load of @b between two clflush(@a) may bring @a's line
; back into the cache (flush+reload measures exactly that), so the second
; clflush stays; the same for a store to a local next to the flushed bytes.
; Positive twin: clflush-load-elsewhere-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = global i64 0, align 8
@b = global i64 0, align 8

; CHECK-LABEL: define i64 @load_adjacent_global(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr @a)
; CHECK-NEXT:  %v = load i64, ptr @b
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr @a)
; CHECK-NEXT:  ret i64 %v

; CHECK-LABEL: define void @store_adjacent_local(
; CHECK:       call void @llvm.x86.sse2.clflush(ptr %x)
; CHECK-NEXT:  store i64 %v, ptr %y
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %x)
; CHECK:       ret void

define i64 @load_adjacent_global() {
entry:
  call void @llvm.x86.sse2.clflush(ptr @a)
  %v = load i64, ptr @b, align 8
  call void @llvm.x86.sse2.clflush(ptr @a)
  ret i64 %v
}

define void @store_adjacent_local(i64 %v) {
entry:
  %x = alloca i64, align 8
  %y = alloca i64, align 8
  store i64 0, ptr %x, align 8
  call void @llvm.x86.sse2.clflush(ptr %x)
  store i64 %v, ptr %y, align 8
  call void @llvm.x86.sse2.clflush(ptr %x)
  call void @use(ptr %x, ptr %y)
  ret void
}

declare void @use(ptr, ptr)
declare void @llvm.x86.sse2.clflush(ptr)
