; Check mode on a (pointer, length) flush: sys_icache_invalidate(p, n) acts on
; [p, p + n), so the runtime is handed p and p + n. Twin with a (begin, end)
; flush, which needs no arithmetic: check-mode-redundant-flush-becomes-check.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=check \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:o-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "arm64-apple-macosx14.0.0"

; CHECK-LABEL: define void @invalidate_twice(
; CHECK:       [[END:%.+]] = getelementptr i8, ptr %p, i64 %n
; CHECK-NEXT:  call void @sys_icache_invalidate(ptr %p, i64 %n)
; CHECK-NEXT:  call void @__hotlayout_flush_record(ptr %p, ptr [[END]], ptr @{{.+}})
; CHECK-NEXT:  [[END2:%.+]] = getelementptr i8, ptr %p, i64 %n
; CHECK-NEXT:  call void @__hotlayout_flush_check(ptr %p, ptr [[END2]], ptr @{{.+}}, ptr @{{.+}})
; CHECK-NEXT:  ret void

define void @invalidate_twice(ptr %p, i64 %n) {
entry:
  call void @sys_icache_invalidate(ptr %p, i64 %n)
  call void @sys_icache_invalidate(ptr %p, i64 %n)
  ret void
}

declare void @sys_icache_invalidate(ptr, i64)
