; A memcpy into the flushed range (a JIT copying a code template in) between
; two flushes rewrites those bytes: the second flush stays.
; Positive twin: memcpy-elsewhere-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @memcpy_into_range(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.memcpy.p0.p0.i64(ptr %code.16, ptr %template, i64 16, i1 false)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but memory in its range may be written in between
; REMARK-NOT: removed redundant

define void @memcpy_into_range(ptr %code, ptr %template) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 256
  %code.16 = getelementptr inbounds i8, ptr %code, i64 16
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.memcpy.p0.p0.i64(ptr %code.16, ptr %template, i64 16, i1 false)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.clear_cache(ptr, ptr)
