; Negative twin of symbolic-shorter-later-removes.ll: [code, code+n) then
; [code, code+n+16). The last 16 bytes of the later range were never
; flushed, so the later flush stays. (Removal only: narrowing, which may
; shrink it to those 16 bytes, is off here and tested in narrow-*.ll.)
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-narrow=false \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @symbolic_longer_later(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end.long)
; CHECK-NEXT:  ret void

define void @symbolic_longer_later(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  %end.long = getelementptr inbounds i8, ptr %end, i64 16
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end.long)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
