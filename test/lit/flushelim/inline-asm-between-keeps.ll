; Inline asm between two flushes (here an empty asm with a memory clobber,
; and the same for one without: see @asm_no_clobber) may do anything the
; compiler cannot see: the second flush stays. Positive twin:
; same-range-twice.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @asm_memory_clobber(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void asm sideeffect "", "~{memory},~{dirflag},~{fpsr},~{flags}"()
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; CHECK-LABEL: define void @asm_no_clobber(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void asm sideeffect "nop", "~{dirflag},~{fpsr},~{flags}"()
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but a fence, atomic, volatile access or inline asm is in between
; REMARK: kept llvm.clear_cache: the flush at <UNKNOWN LOCATION> covers its range but a fence, atomic, volatile access or inline asm is in between
; REMARK-NOT: removed redundant

define void @asm_memory_clobber(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void asm sideeffect "", "~{memory},~{dirflag},~{fpsr},~{flags}"()
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @asm_no_clobber(ptr %code, i64 %n) {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void asm sideeffect "nop", "~{dirflag},~{fpsr},~{flags}"()
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @llvm.clear_cache(ptr, ptr)
