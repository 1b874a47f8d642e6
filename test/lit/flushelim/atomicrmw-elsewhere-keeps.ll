; A monotonic atomicrmw on a local that never escapes cannot write the range,
; but atomic accesses are treated conservatively: the second flush stays.
; Positive twin: no-alias-store-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @atomicrmw_elsewhere(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  %old = atomicrmw add ptr %counter, i32 1 monotonic
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       ret i32

define i32 @atomicrmw_elsewhere(ptr %code, i64 %n) {
entry:
  %counter = alloca i32, align 4
  store i32 0, ptr %counter, align 4
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %old = atomicrmw add ptr %counter, i32 1 monotonic, align 4
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i32 %old
}

declare void @llvm.clear_cache(ptr, ptr)
