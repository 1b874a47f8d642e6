; A store to a local that never escapes cannot touch [code, code+n): the
; second flush is redundant. Negative twin: may-alias-store-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @no_alias_store(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i32

define i32 @no_alias_store(ptr %code, i64 %n, i32 %v) {
entry:
  %local = alloca i32, align 4
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  store i32 %v, ptr %local, align 4
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %r = load i32, ptr %local, align 4
  ret i32 %r
}

declare void @llvm.clear_cache(ptr, ptr)
