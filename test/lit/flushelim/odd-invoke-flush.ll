; Odd IR: a flush primitive reached through `invoke` (C++ code calling an
; external __clear_cache that is not nounwind). Removing a redundant invoke
; must leave a branch to its normal destination; keeping it is also
; correct. Either way: no crash, valid IR after, the first flush stays and
; the normal path still reaches the return.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @invoke_flush(
; CHECK:       invoke void @__clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  to label %first.ok unwind label %lpad
; CHECK:       first.ok:
; CHECK:       second.ok:
; CHECK-NEXT:  ret void
; CHECK:       lpad:

define void @invoke_flush(ptr %code, i64 %n) personality ptr @__gxx_personality_v0 {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  invoke void @__clear_cache(ptr %code, ptr %end)
          to label %first.ok unwind label %lpad

first.ok:
  invoke void @__clear_cache(ptr %code, ptr %end)
          to label %second.ok unwind label %lpad

second.ok:
  ret void

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

declare void @__clear_cache(ptr, ptr)
declare i32 @__gxx_personality_v0(...)
