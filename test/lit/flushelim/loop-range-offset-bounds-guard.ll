; A clflush loop over the middle of a range, `for (i = 128; i < n - 128;
; i += 64)` after `for (i = 0; i < n; i += 64)` (issue 29; clang 19 -O2's IR
; of Inputs/loop-offset-bounds.c -DFORM_LONG, named; clang 22's guard,
; `samesign ugt`, is in loop-range-c-offset-bounds.test): the second loop
; runs only under its guard n > 256, where its first pointer, p + 128, lies
; below the first loop's last one, p + n - 64, and its later ones below
; p + n - 128 because `n - 128` is an `add nsw` the exit test reads.
; @middle: the second loop's clflush goes.
;
; Negative twins, where it must not go (narrowed: skipped at run time only
; on the lines the first loop flushed):
;  @no_guard: the second loop entered without its guard (n = 1: the first
;   loop flushes p's line only, the second p + 128's);
;  @no_nsw: the first loop a do-while, the guard `n - 128 > 128` on an
;   `n - 128` without nsw (n = INT64_MIN + 5: the first loop flushes p's
;   line only, n - 128 wraps to a huge bound, and the second loop runs from
;   p + 128): nothing bounds n from the guard without the flag;
;  @guard_too_weak: the guard is n > 64 (n = 100: the first loop flushes
;   p and p + 64, the second p + 128, a line further when p is aligned).
;
; Checks hand-written: the clflush calls left in each function.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<flushelim>' -disable-output \
; RUN:   %s 2>&1 | FileCheck %s --check-prefix=PRINT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; PRINT-LABEL: flushelim: function 'middle'
; PRINT:       redundant: #1 covered by #0
; PRINT-LABEL: flushelim: function 'no_guard'
; PRINT-NOT:   redundant
; PRINT:       narrowed: #1 by #0
; PRINT-LABEL: flushelim: function 'no_nsw'
; PRINT-NOT:   redundant
; PRINT:       narrowed: #1 by #0
; PRINT-LABEL: flushelim: function 'guard_too_weak'
; PRINT-NOT:   redundant
; PRINT:       narrowed: #1 by #0

; CHECK-LABEL: define void @middle(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p1)
; CHECK-NOT:     call void @llvm.x86.sse2.clflush(
; CHECK-LABEL: define void @no_guard(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p1)
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p2), !hotlayout.narrowed
; CHECK-LABEL: define void @no_nsw(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p1)
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p2), !hotlayout.narrowed
; CHECK-LABEL: define void @guard_too_weak(
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p1)
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p2), !hotlayout.narrowed

define void @middle(ptr %p, i64 %n) {
entry:
  %run1 = icmp sgt i64 %n, 0
  br i1 %run1, label %loop1, label %done

loop1:
  %i = phi i64 [ %i.next, %loop1 ], [ 0, %entry ]
  %p1 = getelementptr inbounds i8, ptr %p, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %p1)
  %i.next = add nuw nsw i64 %i, 64
  %more1 = icmp slt i64 %i.next, %n
  br i1 %more1, label %loop1, label %mid

mid:
  %end2 = add nsw i64 %n, -128
  %run2 = icmp sgt i64 %n, 256
  br i1 %run2, label %loop2, label %done

loop2:
  %j = phi i64 [ %j.next, %loop2 ], [ 128, %mid ]
  %p2 = getelementptr inbounds i8, ptr %p, i64 %j
  call void @llvm.x86.sse2.clflush(ptr %p2)
  %j.next = add nuw nsw i64 %j, 64
  %more2 = icmp slt i64 %j.next, %end2
  br i1 %more2, label %loop2, label %done

done:
  ret void
}

define void @no_guard(ptr %p, i64 %n) {
entry:
  %run1 = icmp sgt i64 %n, 0
  br i1 %run1, label %loop1, label %done

loop1:
  %i = phi i64 [ %i.next, %loop1 ], [ 0, %entry ]
  %p1 = getelementptr inbounds i8, ptr %p, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %p1)
  %i.next = add nuw nsw i64 %i, 64
  %more1 = icmp slt i64 %i.next, %n
  br i1 %more1, label %loop1, label %mid

mid:
  %end2 = add nsw i64 %n, -128
  br label %loop2

loop2:
  %j = phi i64 [ %j.next, %loop2 ], [ 128, %mid ]
  %p2 = getelementptr inbounds i8, ptr %p, i64 %j
  call void @llvm.x86.sse2.clflush(ptr %p2)
  %j.next = add nuw nsw i64 %j, 64
  %more2 = icmp slt i64 %j.next, %end2
  br i1 %more2, label %loop2, label %done

done:
  ret void
}

define void @no_nsw(ptr %p, i64 %n) {
entry:
  br label %loop1

loop1:
  %i = phi i64 [ %i.next, %loop1 ], [ 0, %entry ]
  %p1 = getelementptr inbounds i8, ptr %p, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %p1)
  %i.next = add nuw nsw i64 %i, 64
  %more1 = icmp slt i64 %i.next, %n
  br i1 %more1, label %loop1, label %mid

mid:
  %end2 = add i64 %n, -128
  %run2 = icmp sgt i64 %end2, 128
  br i1 %run2, label %loop2, label %done

loop2:
  %j = phi i64 [ %j.next, %loop2 ], [ 128, %mid ]
  %p2 = getelementptr inbounds i8, ptr %p, i64 %j
  call void @llvm.x86.sse2.clflush(ptr %p2)
  %j.next = add nuw nsw i64 %j, 64
  %more2 = icmp slt i64 %j.next, %end2
  br i1 %more2, label %loop2, label %done

done:
  ret void
}

define void @guard_too_weak(ptr %p, i64 %n) {
entry:
  %run1 = icmp sgt i64 %n, 0
  br i1 %run1, label %loop1, label %done

loop1:
  %i = phi i64 [ %i.next, %loop1 ], [ 0, %entry ]
  %p1 = getelementptr inbounds i8, ptr %p, i64 %i
  call void @llvm.x86.sse2.clflush(ptr %p1)
  %i.next = add nuw nsw i64 %i, 64
  %more1 = icmp slt i64 %i.next, %n
  br i1 %more1, label %loop1, label %mid

mid:
  %end2 = add nsw i64 %n, -128
  %run2 = icmp sgt i64 %n, 64
  br i1 %run2, label %loop2, label %done

loop2:
  %j = phi i64 [ %j.next, %loop2 ], [ 128, %mid ]
  %p2 = getelementptr inbounds i8, ptr %p, i64 %j
  call void @llvm.x86.sse2.clflush(ptr %p2)
  %j.next = add nuw nsw i64 %j, 64
  %more2 = icmp slt i64 %j.next, %end2
  br i1 %more2, label %loop2, label %done

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)
