; A local's lifetime.start/end between two clflush of one line emits no
; instruction, so it reads no line: the second clflush goes. Full LTO leaves
; such markers between a writer's flush and the next one (the writer's
; locals, after inlining).
;
; Negative twin @load_between: a real load of that local between them may
; read a byte of the flushed line (nothing says the local and the buffer lie
; in different lines), so the second clflush stays.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @marker_between(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %code)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0({{(i64 4, )?}}ptr %seed)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0({{(i64 4, )?}}ptr %seed)
; CHECK-NEXT:    ret void
define void @marker_between(ptr %code) {
  %seed = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %seed)
  call void @use(ptr %seed)
  call void @llvm.x86.sse2.clflush(ptr %code)
  call void @llvm.lifetime.end.p0(i64 4, ptr %seed)
  call void @llvm.lifetime.start.p0(i64 4, ptr %seed)
  call void @llvm.x86.sse2.clflush(ptr %code)
  ret void
}

; CHECK-LABEL: define i32 @load_between(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %code)
; CHECK-NEXT:    %v = load i32, ptr %seed
; CHECK-NEXT:    call void @llvm.x86.sse2.clflush(ptr %code)
define i32 @load_between(ptr %code) {
  %seed = alloca i32, align 4
  call void @use(ptr %seed)
  call void @llvm.x86.sse2.clflush(ptr %code)
  %v = load i32, ptr %seed
  call void @llvm.x86.sse2.clflush(ptr %code)
  ret i32 %v
}

declare void @use(ptr)
declare void @llvm.x86.sse2.clflush(ptr)
; The LLVM 19 form (LLVM 22 upgrades it).
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
