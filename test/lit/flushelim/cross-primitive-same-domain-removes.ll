; Different instruction-cache primitives of the same range are the same
; flush: llvm.clear_cache(code, code+n) makes a later
; sys_icache_invalidate(code, n) and __clear_cache(code, code+n) redundant.
; The length is a zero-extended i32 so it is provably below 2^63; see
; cross-primitive-unknown-length-keeps.ll for why that matters.
; Negative twins: clear-cache-then-clflush-keeps.ll,
; clflush-then-clear-cache-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @cross_primitive(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NOT:   call void @sys_icache_invalidate
; CHECK-NOT:   call void @__clear_cache
; CHECK:       ret void

; REMARK-DAG: removed redundant sys_icache_invalidate: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>
; REMARK-DAG: removed redundant __clear_cache: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>

define void @cross_primitive(ptr %code, i32 %len) {
entry:
  %n = zext i32 %len to i64
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @sys_icache_invalidate(ptr %code, i64 %n)
  call void @__clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @sys_icache_invalidate(ptr, i64)
declare void @__clear_cache(ptr, ptr)
declare void @llvm.clear_cache(ptr, ptr)
