; Check mode on x86 line flushes: clflush acts on the whole 64-byte line that
; holds its pointer, so the runtime is handed [p & ~63, (p & ~63) + 64), not
; [p, p + 1). Both the snapshot after the kept clflush and the check that
; replaces the redundant one use that line. Twin with a non-default line:
; check-mode-line-size-option.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=check \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @clflush_twice(
; CHECK:       [[LINE:%.+]] = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -64)
; CHECK-NEXT:  [[END:%.+]] = getelementptr i8, ptr [[LINE]], i64 64
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  call void @__hotlayout_flush_record(ptr [[LINE]], ptr [[END]], ptr @{{.+}})
; CHECK-NEXT:  [[LINE2:%.+]] = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -64)
; CHECK-NEXT:  [[END2:%.+]] = getelementptr i8, ptr [[LINE2]], i64 64
; CHECK-NEXT:  call void @__hotlayout_flush_check(ptr [[LINE2]], ptr [[END2]], ptr @{{.+}}, ptr @{{.+}})
; CHECK-NEXT:  ret void

define void @clflush_twice(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
