; The first flush uses the value just stored to j->pos (as -O2 leaves it
; after forwarding the store); the second reloads j->pos and j->code after
; the flush. Nothing but the flush lies between the store and the reload,
; and a flush writes nothing the program can see, so the reload yields the
; stored value: both flushes name the same range and the second goes.
; Negative twin: reload-store-pos-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Jit = type { ptr, i64, i64 } ; code, pos, size

; CHECK-LABEL: define void @reload_after_store(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

define void @reload_after_store(ptr %j, i64 %pos) {
entry:
  %pos.addr = getelementptr inbounds %struct.Jit, ptr %j, i64 0, i32 1
  store i64 %pos, ptr %pos.addr, align 8
  %code = load ptr, ptr %j, align 8
  %end = getelementptr inbounds i8, ptr %code, i64 %pos
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %code.y = load ptr, ptr %j, align 8
  %pos.y = load i64, ptr %pos.addr, align 8
  %end.y = getelementptr inbounds i8, ptr %code.y, i64 %pos.y
  call void @llvm.clear_cache(ptr %code.y, ptr %end.y)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
