; flushelim on a target the machine passes do not support (RISC-V here):
; llvm.clear_cache means the same on every target (make [begin, end)
; coherent for execution), so a redundant one goes there as on x86-64,
; and what flushelim writes instead is target-independent IR. Batching
; (-flushelim-batch-clflush) turns clflush into x86's clflushopt and sfence:
; it acts only in a module for x86, so on RISC-V even a clflush loop whose
; function claims +clflushopt (hand-written: clang emits no x86 intrinsic
; for another target; opt warns that RISC-V has no such features) keeps
; its clflush, and no x86 intrinsic is added.
; Negative twin: x86-64, the same input and flags: the clflush loop is
; batched (clflushopt between two sfences); the clear_cache result is the
; same.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-batch-clflush \
; RUN:   -mtriple=riscv64-linux-gnu -S %s | FileCheck %s --check-prefixes=CHECK,RISCV
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-batch-clflush \
; RUN:   -mtriple=x86_64-linux-gnu -S %s | FileCheck %s --check-prefixes=CHECK,X86

; CHECK-LABEL: define void @jit(
; CHECK:         call void @llvm.memcpy
; CHECK-NEXT:    %end = getelementptr inbounds i8, ptr %code, i64 %len
; CHECK-NEXT:    call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:    ret void

; CHECK-LABEL: define void @lines(
; RISCV-NOT:     sfence
; RISCV:         call void @llvm.x86.sse2.clflush(ptr %p)
; RISCV-NOT:     sfence
; RISCV-NOT:     clflushopt
; X86:           call void @llvm.x86.sse.sfence()
; X86:           call void @llvm.x86.clflushopt(ptr %p)
; X86:           call void @llvm.x86.sse.sfence()
; CHECK:         ret void

; A JIT's writer flushes the code it copied; its make-executable step
; flushes the same bytes again, with nothing written in between.
define void @jit(ptr %code, ptr %src, i64 %len) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %code, ptr %src, i64 %len, i1 false)
  %end = getelementptr inbounds i8, ptr %code, i64 %len
  call void @llvm.clear_cache(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @lines(ptr %buf, i64 %n) #0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %preheader

preheader:
  br label %loop

loop:
  %off = phi i64 [ 0, %preheader ], [ %off.next, %loop ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %exit

exit:
  br label %done

done:
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.clear_cache(ptr, ptr)
declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
