; The JIT shape from the spec: j->code and j->code + j->pos are loaded,
; flushed, then loaded again and flushed again. A flush writes nothing the
; program can see, so the reloaded values are the same and both flushes
; name the same range: the second goes.
; Negative twins: reload-store-pos-keeps.ll, reload-store-code-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Jit = type { ptr, i64, i64 } ; code, pos, size

; CHECK-LABEL: define void @reload_after_flush(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

; REMARK: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>
; REMARK-NOT: removed redundant

define void @reload_after_flush(ptr %j) {
entry:
  %code = load ptr, ptr %j, align 8
  %pos.addr = getelementptr inbounds %struct.Jit, ptr %j, i64 0, i32 1
  %pos = load i64, ptr %pos.addr, align 8
  %end = getelementptr inbounds i8, ptr %code, i64 %pos
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %code2 = load ptr, ptr %j, align 8
  %pos2 = load i64, ptr %pos.addr, align 8
  %end2 = getelementptr inbounds i8, ptr %code2, i64 %pos2
  call void @llvm.clear_cache(ptr %code2, ptr %end2)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
