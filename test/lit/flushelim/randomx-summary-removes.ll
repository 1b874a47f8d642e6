; RandomX-shaped JIT without inlining: @generate_program (noinline) writes
; the program into [code, code+len) and flushes exactly that before
; returning. The caller then does enableExecution's work itself: mprotect,
; then a flush of the same [code, code+len). The callee summary ("on every
; return [arg0, arg0+arg1) is flushed and not written since") and the
; neutral mprotect make the caller's flush redundant.
; Negative twin: callee-flushes-one-path-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @generate_program(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)

; CHECK-LABEL: define i32 @compile(
; CHECK:       call void @generate_program(ptr %code, ptr %prog, i64 %len)
; CHECK-NEXT:  %rc = call i32 @mprotect(ptr %code, i64 %size, i32 5)
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret i32 %rc

define void @generate_program(ptr %code, ptr %prog, i64 %len) noinline {
entry:
  %empty = icmp eq i64 %len, 0
  br i1 %empty, label %done, label %emit

emit:
  %i = phi i64 [ 0, %entry ], [ %i.next, %emit ]
  %src = getelementptr inbounds i8, ptr %prog, i64 %i
  %b = load i8, ptr %src, align 1
  %dst = getelementptr inbounds i8, ptr %code, i64 %i
  store i8 %b, ptr %dst, align 1
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %len
  br i1 %more, label %emit, label %done

done:
  %end = getelementptr inbounds i8, ptr %code, i64 %len
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define i32 @compile(ptr %code, i64 %size, ptr %prog, i64 %len) {
entry:
  call void @generate_program(ptr %code, ptr %prog, i64 %len)
  %rc = call i32 @mprotect(ptr %code, i64 %size, i32 5)
  %end = getelementptr inbounds i8, ptr %code, i64 %len
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret i32 %rc
}

declare i32 @mprotect(ptr, i64, i32)
declare void @llvm.clear_cache(ptr, ptr)
