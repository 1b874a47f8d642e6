; flushelim is idempotent (a ThinLTO build runs it twice): a second run
; changes nothing and removes nothing, on a function that mixes removed,
; kept and partially covered flushes.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s -o %t.once.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,flushelim -S %s -o %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %t.once.ll 2>&1 | count 0
; RUN: FileCheck %s < %t.once.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @mixed(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  store i8 0, ptr %code
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end.more)
; CHECK-NEXT:  ret void

define void @mixed(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  %end.more = getelementptr inbounds i8, ptr %end, i64 64
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store i8 0, ptr %code, align 1
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end.more)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
