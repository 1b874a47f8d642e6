; HOTLAYOUT_OPTIONS under opt: a word that is not a hotlayout option (here
; one of hotalign's that does not exist) stops opt with a message naming it;
; so does a bad value. `not` fails on a crash: this is a clean exit != 0.
;
; REQUIRES: x86-registered
;
; RUN: env HOTLAYOUT_OPTIONS=-hotalign-bogus not %opt -load-pass-plugin=%plugin \
; RUN:   -passes=flushelim -disable-output %s 2>&1 | FileCheck %s
; RUN: env HOTLAYOUT_OPTIONS=-flushelim-max-sites=many not %opt \
; RUN:   -load-pass-plugin=%plugin -passes=flushelim -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BADVALUE
;
; Negative twin: a hotlayout option with a good value is accepted (and
; takes effect: one flush site over the limit keeps every flush).
; RUN: env HOTLAYOUT_OPTIONS=-flushelim-max-sites=1 %opt \
; RUN:   -load-pass-plugin=%plugin -passes=flushelim -S %s -o - \
; RUN:   | FileCheck %s --check-prefix=GOOD

target triple = "x86_64-unknown-linux-gnu"

; CHECK: HOTLAYOUT_OPTIONS: '-hotalign-bogus' is not a hotlayout option
; BADVALUE: HOTLAYOUT_OPTIONS: bad value in '-flushelim-max-sites=many'
; GOOD-COUNT-2: call void @llvm.clear_cache(

declare void @llvm.clear_cache(ptr, ptr)

define void @twice(ptr %code, i64 %n) {
  %end = getelementptr i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}
