; Negative twin of reload-after-flush-removes.ll: j->code is redirected to
; another buffer between the flushes, so the reloaded range is a different
; buffer altogether. The second flush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Jit = type { ptr, i64, i64 } ; code, pos, size

; CHECK-LABEL: define void @reload_store_code(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       store ptr %other, ptr %j
; CHECK:       call void @llvm.clear_cache(ptr %code2, ptr %end2)
; CHECK-NEXT:  ret void

define void @reload_store_code(ptr %j, ptr %other) {
entry:
  %code = load ptr, ptr %j, align 8
  %pos.addr = getelementptr inbounds %struct.Jit, ptr %j, i64 0, i32 1
  %pos = load i64, ptr %pos.addr, align 8
  %end = getelementptr inbounds i8, ptr %code, i64 %pos
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store ptr %other, ptr %j, align 8
  %code2 = load ptr, ptr %j, align 8
  %pos2 = load i64, ptr %pos.addr, align 8
  %end2 = getelementptr inbounds i8, ptr %code2, i64 %pos2
  call void @llvm.clear_cache(ptr %code2, ptr %end2)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
