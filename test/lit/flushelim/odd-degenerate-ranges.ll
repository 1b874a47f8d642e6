; Odd IR: degenerate flush operands: null and poison pointers, an empty
; range, a reversed range (end before begin), a flush of a range computed
; from inttoptr, and a one-line flush of null. No crash and valid IR after.
; An empty or reversed range flushes nothing, so whatever flushelim decides
; for those calls, the real flush of [code, code+n) before them stays and
; the one after them (nothing written in between) goes.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @degenerate(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NOT:   call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       ret void

define void @degenerate(ptr %code, i64 %n, i64 %addr) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr null, ptr null)
  call void @llvm.clear_cache(ptr poison, ptr poison)
  call void @llvm.clear_cache(ptr undef, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %code)
  %before = getelementptr i8, ptr %code, i64 -64
  call void @llvm.clear_cache(ptr %code, ptr %before)
  %i2p = inttoptr i64 %addr to ptr
  %i2p.end = getelementptr i8, ptr %i2p, i64 -1
  call void @llvm.clear_cache(ptr %i2p, ptr %i2p.end)
  call void @sys_icache_invalidate(ptr %code, i64 0)
  call void @sys_icache_invalidate(ptr %code, i64 -1)
  call void @llvm.x86.sse2.clflush(ptr null)
  call void @llvm.x86.sse2.clflush(ptr null)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
declare void @sys_icache_invalidate(ptr, i64)
declare void @llvm.x86.sse2.clflush(ptr)
