; mprotect changes page permissions and writes no memory the program can
; see: a flush before it still holds after it (a JIT's make-executable
; step). The second flush goes. Negative twin: unknown-call-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @mprotect_between(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  %rc = call i32 @mprotect(ptr %code, i64 %n, i32 5)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i32 %rc

; REMARK: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>

define i32 @mprotect_between(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %rc = call i32 @mprotect(ptr %code, i64 %n, i32 5)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i32 %rc
}

declare i32 @mprotect(ptr, i64, i32)
declare void @llvm.clear_cache(ptr, ptr)
