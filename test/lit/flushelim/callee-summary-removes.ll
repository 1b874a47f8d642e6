; @emit writes code into [code, code+n) and flushes exactly that range before
; its only return. Its summary says: on return, [arg0, arg0+arg1) is flushed
; and not written since. The caller's re-flush of the same range right after
; the call goes; @emit's own flush stays.
; Negative twins: callee-flushes-one-path-keeps.ll,
; callee-writes-after-flush-keeps.ll, callee-summary-other-range-keeps.ll,
; callee-summary-weak-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @emit(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; CHECK-LABEL: define void @caller(
; CHECK:       call void @emit(ptr %buf, i64 %len)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

; REMARK: removed redundant llvm.clear_cache
; REMARK-NOT: removed redundant

define void @emit(ptr %code, i64 %n) noinline {
entry:
  store i8 -61, ptr %code, align 1
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @caller(ptr %buf, i64 %len) {
entry:
  call void @emit(ptr %buf, i64 %len)
  %buf.end = getelementptr inbounds i8, ptr %buf, i64 %len
  call void @llvm.clear_cache(ptr %buf, ptr %buf.end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
