; REQUIRES: llvm-22
; (LLVM 19's release build accepts -debug-counter but ignores it.)
;
; The "flushelim-narrow" debug counter, for bisecting: a narrowing it skips
; leaves the flush whole, and that flush then gets what any kept flush gets:
; in check mode a snapshot after it (a later check may name it as witness),
; in profile mode its profile call. Here the only narrowing is index 0, and
; the counter selects index 1 only.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -debug-counter=flushelim-narrow=1 \
; RUN:   -pass-remarks=flushelim -S %s 2>&1 | FileCheck %s --check-prefix=REMOVE
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -debug-counter=flushelim-narrow=1 \
; RUN:   -flushelim-mode=check -S %s | FileCheck %s --check-prefix=CHECKMODE
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -debug-counter=flushelim-narrow=1 \
; RUN:   -flushelim-mode=profile -S %s | FileCheck %s --check-prefix=PROFILE
;
; Negative twin (no counter): the second flush is narrowed to its remainder.
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -S %s 2>&1 | FileCheck %s --check-prefix=TWIN

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; REMOVE-NOT:  remark: {{.*}}narrowed flush
; REMOVE:      %all = getelementptr inbounds i8, ptr %code, i64 %size
; REMOVE-NEXT: call void @__clear_cache(ptr %code, ptr %all)
; REMOVE-NEXT: ret void

; CHECKMODE:      %all = getelementptr inbounds i8, ptr %code, i64 %size
; CHECKMODE-NEXT: call void @__clear_cache(ptr %code, ptr %all)
; CHECKMODE-NEXT: call void @__hotlayout_flush_record(ptr %code, ptr %all, ptr @hotlayout.site.
; CHECKMODE-NEXT: ret void

; PROFILE:      %all = getelementptr inbounds i8, ptr %code, i64 %size
; PROFILE-NEXT: call void @__hotlayout_flush_profile(ptr %code, ptr %all, ptr @hotlayout.site.
; PROFILE-NEXT: call void @__clear_cache(ptr %code, ptr %all)
; PROFILE-NEXT: ret void

; TWIN: remark: <unknown>:0:0: narrowed flush:
; TWIN: call void @__clear_cache(ptr %flush.piece, ptr %all)

define void @enable(ptr %code, i64 %pos, i64 %size) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %pos
  call void @__clear_cache(ptr %code, ptr %end)
  %all = getelementptr inbounds i8, ptr %code, i64 %size
  call void @__clear_cache(ptr %code, ptr %all)
  ret void
}

declare void @__clear_cache(ptr, ptr)
