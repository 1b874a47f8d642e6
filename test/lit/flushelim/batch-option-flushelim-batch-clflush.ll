; The option itself: -flushelim-batch-clflush (default off) makes the
; flushelim pipeline element add flushelim-batch; =false and the default leave
; the clflush loop; HOTLAYOUT_OPTIONS sets it for hosts without a command
; line for plugins (ld.lld); --help states the default.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-batch-clflush=false -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-batch-clflush=true -S %s \
; RUN:   | FileCheck %s --check-prefix=ON
; RUN: env HOTLAYOUT_OPTIONS=-flushelim-batch-clflush %opt -load-pass-plugin=%plugin \
; RUN:   -passes=flushelim -S %s | FileCheck %s --check-prefix=ON
; RUN: %opt -load-pass-plugin=%plugin --help | FileCheck %s --check-prefix=HELP

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; OFF-LABEL: define void @flush_buffer(
; OFF:         call void @llvm.x86.sse2.clflush(ptr %p)
; OFF-NOT:     @llvm.x86.clflushopt
; OFF-NOT:     @llvm.x86.sse.sfence

; ON-LABEL: define void @flush_buffer(
; ON:        sfence
; ON:        call void @llvm.x86.clflushopt(ptr %p)
; ON:        sfence

; HELP: -flushelim-batch-clflush {{.*}}(default: off)

define void @flush_buffer(ptr %buf, i64 %n) #0 {
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

declare void @llvm.x86.sse2.clflush(ptr)

attributes #0 = { "target-features"="+clflushopt,+sse2" }
