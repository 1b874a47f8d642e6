; Both arms of the branch flush the range and neither writes it after: every
; path to the join's flush has flushed the range, so the join's flush goes.
; Negative twins: one-arm-flush-keeps.ll, store-on-one-path-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @both_arms_flush(
; CHECK:       then:
; CHECK-NEXT:  store i8 -112, ptr %code
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       else:
; CHECK-NEXT:  store i8 -61, ptr %code
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK:       join:
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

; REMARK: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at <UNKNOWN LOCATION>
; REMARK-NOT: removed redundant

define void @both_arms_flush(ptr %code, i64 %n, i1 %c) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  br i1 %c, label %then, label %else

then:
  store i8 144, ptr %code, align 1
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br label %join

else:
  store i8 195, ptr %code, align 1
  call void @llvm.clear_cache(ptr %code, ptr %end)
  br label %join

join:
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
