; An `ic ivau` loop that runs before the `dsb` completing a clean covers no
; `ic ivau` after that `dsb`: the clean may still have been in flight, so
; the I-cache may have refetched the old bytes. Here a first `ic ivau` loop
; runs before the `dsb`, then the sequence's own `ic ivau` loop, `dsb ish`,
; `isb`: the second loop stays (kept, "no dsb between them"), and with it the
; program's own __clear_cache sequence is whole, so the later __clear_cache
; goes. (Before that rule the second loop was removed and the __clear_cache
; had to stay: 2103c12's guard for that case is kept.) Twins: the sequence
; with a store after it, a64-clear-cache-sequence-store-after-keeps.ll, and
; the early loop's own rule, a64-ic-ivau-before-clean-completes-keeps.ll.
; Checks by hand.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

; CHECK-LABEL: define void @removed_ic_loop(
; CHECK-COUNT-2: call void asm sideeffect "ic ivau, $0"
; CHECK-NOT:     call void @__clear_cache(
; CHECK:         ret void
; REMARK-DAG: kept ic ivau: {{.*}}no dsb between them
; REMARK-DAG: removed redundant __clear_cache
; REMARK-NOT: removed redundant ic ivau

define void @removed_ic_loop(ptr %code) {
entry:
  br label %clean

clean:
  %cleani = phi i64 [ 0, %entry ], [ %cleani.next, %clean ]
  %cleanp = getelementptr inbounds i8, ptr %code, i64 %cleani
  call void asm sideeffect "dc cvau, $0", "r,~{memory}"(ptr %cleanp)
  %cleani.next = add nuw nsw i64 %cleani, 64
  %clean.more = icmp ult i64 %cleani.next, 4096
  br i1 %clean.more, label %clean, label %early, !llvm.loop !0

early:
  br label %inval0

inval0:
  %inval0i = phi i64 [ 0, %early ], [ %inval0i.next, %inval0 ]
  %inval0p = getelementptr inbounds i8, ptr %code, i64 %inval0i
  call void asm sideeffect "ic ivau, $0", "r,~{memory}"(ptr %inval0p)
  %inval0i.next = add nuw nsw i64 %inval0i, 64
  %inval0.more = icmp ult i64 %inval0i.next, 4096
  br i1 %inval0.more, label %inval0, label %mid, !llvm.loop !0

mid:
  call void asm sideeffect "dsb ish", "~{memory}"()
  br label %inval

inval:
  %invali = phi i64 [ 0, %mid ], [ %invali.next, %inval ]
  %invalp = getelementptr inbounds i8, ptr %code, i64 %invali
  call void asm sideeffect "ic ivau, $0", "r,~{memory}"(ptr %invalp)
  %invali.next = add nuw nsw i64 %invali, 64
  %inval.more = icmp ult i64 %invali.next, 4096
  br i1 %inval.more, label %inval, label %done, !llvm.loop !0

done:
  call void asm sideeffect "dsb ish", "~{memory}"()
  call void asm sideeffect "isb", "~{memory}"()
  %end = getelementptr inbounds i8, ptr %code, i64 4000
  call void @__clear_cache(ptr %code, ptr %end)
  ret void
}

declare void @__clear_cache(ptr, ptr)
declare void @llvm.clear_cache(ptr, ptr)

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
