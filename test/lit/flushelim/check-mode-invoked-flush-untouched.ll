; Check mode and flushes reached by invoke (C++ with exceptions): an invoke
; ends its block, so there is no place right after it for a snapshot and no
; call to put in its place; flushelim leaves such flushes alone in every mode.
; Nothing may change here: no check, no snapshot, and the module stays valid
; (opt verifies it). Twin with plain calls, where both appear:
; check-mode-redundant-flush-becomes-check.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=check \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT:   __hotlayout
; CHECK-LABEL: define void @invoked(
; CHECK:       entry:
; CHECK-NEXT:    invoke void @__clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:      to label %next unwind label %lpad
; CHECK:       next:
; CHECK-NEXT:    invoke void @__clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:      to label %done unwind label %lpad
; CHECK-NOT:   __hotlayout

define void @invoked(ptr %code, ptr %end) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @__clear_cache(ptr %code, ptr %end)
          to label %next unwind label %lpad

next:
  invoke void @__clear_cache(ptr %code, ptr %end)
          to label %done unwind label %lpad

done:
  ret void

lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

declare void @__clear_cache(ptr, ptr)
declare i32 @__gxx_personality_v0(...)
