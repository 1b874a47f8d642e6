; -flushelim-line-size sets the line a clflush-family flush is taken to act
; on in check (and profile) mode: with 128 the mask and the length follow.
; The default of 64 is what check-mode-one-line-flush-range.ll checks. A line
; size that is not a power of two names no aligned line and is rejected when
; the options are parsed.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=check \
; RUN:   -flushelim-line-size=128 -S %s | FileCheck %s
; RUN: not %opt -load-pass-plugin=%plugin -passes=flushelim \
; RUN:   -flushelim-line-size=48 -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @one_clflush(
; CHECK:       [[LINE:%.+]] = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -128)
; CHECK-NEXT:  [[END:%.+]] = getelementptr i8, ptr [[LINE]], i64 128
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK-NEXT:  call void @__hotlayout_flush_record(ptr [[LINE]], ptr [[END]], ptr @{{.+}})

; BAD: flushelim-line-size{{.*}}'48' is not a power of two

define void @one_clflush(ptr %p) {
entry:
  call void @llvm.x86.sse2.clflush(ptr %p)
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
