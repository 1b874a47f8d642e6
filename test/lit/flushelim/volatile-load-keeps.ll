; A volatile load (an MMIO status read, say) between two flushes is treated
; conservatively even for an instruction-cache flush, which plain loads
; never kill: the second flush stays.
; Positive twin: readonly-call-between-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @volatile_load(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  %s = load volatile i32, ptr %status
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret i32 %s

define i32 @volatile_load(ptr %code, i64 %n, ptr %status) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %s = load volatile i32, ptr %status, align 4
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i32 %s
}

declare void @llvm.clear_cache(ptr, ptr)
