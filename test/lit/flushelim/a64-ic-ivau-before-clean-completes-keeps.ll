; An `ic ivau` loop issued while a `dc cvau` clean before it may still be in
; flight (no `dsb` between them) covers no `ic ivau` after the next `dsb`:
; Arm orders an invalidation after a clean only through a `dsb`, so the
; I-cache may have refetched the old bytes from the point of unification
; before the clean reached it. @unordered: dc loop, ic loop, dsb, ic loop
; over the same lines: the second ic loop stays (missed remark).
;
; Twin @ordered: the same with the `dsb` between the dc loop and the first
; ic loop: the first invalidation is ordered after the clean, and the second
; ic loop goes.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

; REMARK: remark: <unknown>:0:0: kept ic ivau: the ic ivau loop at <UNKNOWN LOCATION> covers its range but it ran while a data-cache clean before it may not have completed (no dsb between them), so the instruction cache may hold stale lines again after the dsb; blocked by inline asm at <UNKNOWN LOCATION>
; REMARK-NEXT: remark: <unknown>:0:0: removed redundant ic ivau: its range was already flushed by ic ivau at <UNKNOWN LOCATION>
; REMARK-NOT: remark

; CHECK-LABEL: define void @unordered(
; CHECK-COUNT-2: call void asm sideeffect "ic ivau, $0"
; CHECK:         ret void
define void @unordered(ptr %code) {
entry:
  call void asm sideeffect "dsb ish", "~{memory}"()
  br label %clean

clean:
  %ci = phi i64 [ 0, %entry ], [ %ci.next, %clean ]
  %cp = getelementptr inbounds i8, ptr %code, i64 %ci
  call void asm sideeffect "dc cvau, $0", "r,~{memory}"(ptr %cp)
  %ci.next = add nuw nsw i64 %ci, 64
  %c.more = icmp ult i64 %ci.next, 4096
  br i1 %c.more, label %clean, label %inval1, !llvm.loop !0

inval1:
  %ai = phi i64 [ 0, %clean ], [ %ai.next, %inval1 ]
  %ap = getelementptr inbounds i8, ptr %code, i64 %ai
  call void asm sideeffect "ic ivau, $0", "r,~{memory}"(ptr %ap)
  %ai.next = add nuw nsw i64 %ai, 64
  %a.more = icmp ult i64 %ai.next, 4096
  br i1 %a.more, label %inval1, label %fence, !llvm.loop !0

fence:
  call void asm sideeffect "dsb ish", "~{memory}"()
  br label %inval2

inval2:
  %bi = phi i64 [ 0, %fence ], [ %bi.next, %inval2 ]
  %bp = getelementptr inbounds i8, ptr %code, i64 %bi
  call void asm sideeffect "ic ivau, $0", "r,~{memory}"(ptr %bp)
  %bi.next = add nuw nsw i64 %bi, 64
  %b.more = icmp ult i64 %bi.next, 4096
  br i1 %b.more, label %inval2, label %done, !llvm.loop !0

done:
  call void asm sideeffect "dsb ish", "~{memory}"()
  call void asm sideeffect "isb", "~{memory}"()
  ret void
}

; CHECK-LABEL: define void @ordered(
; CHECK-COUNT-1: call void asm sideeffect "ic ivau, $0"
; CHECK-NOT:     call void asm sideeffect "ic ivau, $0"
; CHECK:         ret void
define void @ordered(ptr %code) {
entry:
  call void asm sideeffect "dsb ish", "~{memory}"()
  br label %clean

clean:
  %ci = phi i64 [ 0, %entry ], [ %ci.next, %clean ]
  %cp = getelementptr inbounds i8, ptr %code, i64 %ci
  call void asm sideeffect "dc cvau, $0", "r,~{memory}"(ptr %cp)
  %ci.next = add nuw nsw i64 %ci, 64
  %c.more = icmp ult i64 %ci.next, 4096
  br i1 %c.more, label %clean, label %cfence, !llvm.loop !0

cfence:
  call void asm sideeffect "dsb ish", "~{memory}"()
  br label %inval1

inval1:
  %ai = phi i64 [ 0, %cfence ], [ %ai.next, %inval1 ]
  %ap = getelementptr inbounds i8, ptr %code, i64 %ai
  call void asm sideeffect "ic ivau, $0", "r,~{memory}"(ptr %ap)
  %ai.next = add nuw nsw i64 %ai, 64
  %a.more = icmp ult i64 %ai.next, 4096
  br i1 %a.more, label %inval1, label %fence, !llvm.loop !0

fence:
  call void asm sideeffect "dsb ish", "~{memory}"()
  br label %inval2

inval2:
  %bi = phi i64 [ 0, %fence ], [ %bi.next, %inval2 ]
  %bp = getelementptr inbounds i8, ptr %code, i64 %bi
  call void asm sideeffect "ic ivau, $0", "r,~{memory}"(ptr %bp)
  %bi.next = add nuw nsw i64 %bi, 64
  %b.more = icmp ult i64 %bi.next, 4096
  br i1 %b.more, label %inval2, label %done, !llvm.loop !0

done:
  call void asm sideeffect "dsb ish", "~{memory}"()
  call void asm sideeffect "isb", "~{memory}"()
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
