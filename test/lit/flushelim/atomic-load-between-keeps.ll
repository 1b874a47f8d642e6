; An atomic load (acquiring a "code ready" flag another thread set) between
; two flushes, from a location unrelated to the range, is treated
; conservatively: the second flush stays. Positive twin: same-range-twice.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ready = global i32 0, align 4

; CHECK-LABEL: define i32 @atomic_load_between(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  %r = load atomic i32, ptr @ready acquire
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret i32 %r

define i32 @atomic_load_between(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %r = load atomic i32, ptr @ready acquire, align 4
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i32 %r
}

declare void @llvm.clear_cache(ptr, ptr)
