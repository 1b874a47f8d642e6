; The flush-neutral list names *external* functions whose behaviour is
; known. A module that defines its own `mprotect` which patches the code
; buffer is not that function: its body writes the range, so the second
; flush stays. Positive twin: mprotect-between-removes.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @defined_neutral_name(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  %rc = call i32 @mprotect(ptr %code, i64 %n, i32 5)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret i32 %rc

define i32 @defined_neutral_name(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %rc = call i32 @mprotect(ptr %code, i64 %n, i32 5)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i32 %rc
}

define internal i32 @mprotect(ptr %p, i64 %len, i32 %prot) noinline {
entry:
  store i8 -52, ptr %p, align 1
  ret i32 0
}

declare void @llvm.clear_cache(ptr, ptr)
