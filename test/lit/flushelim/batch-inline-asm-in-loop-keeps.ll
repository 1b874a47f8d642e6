; Inline asm may write memory, fence or flush in ways the pass cannot see; the
; loop keeps clflush.
; Positive twin: batch-consecutive-lines.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim-batch \
; RUN:   -pass-remarks-missed=flushelim-batch -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @asm_in_loop(
; CHECK:       preheader:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK:         call void @llvm.x86.sse2.clflush(ptr %p)
; CHECK:       exit:
; CHECK-NEXT:    br label %done
; CHECK-NOT:   @llvm.x86.clflushopt
; CHECK-NOT:   @llvm.x86.sse.sfence

; MISSED: remark: {{.*}}clflush loop not batched: the loop also contains inline asm, which clflush orders and clflushopt would not

define void @asm_in_loop(ptr %buf, i64 %n) #0 {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %preheader

preheader:
  br label %loop

loop:
  %off = phi i64 [ 0, %preheader ], [ %off.next, %loop ]
  %p = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @llvm.x86.sse2.clflush(ptr %p)
  call void asm sideeffect "nop", "~{memory}"()
  %off.next = add nuw i64 %off, 64
  %more = icmp ult i64 %off.next, %n
  br i1 %more, label %loop, label %exit

exit:
  br label %done

done:
  ret void
}

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
