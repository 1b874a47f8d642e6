; REQUIRES: x86-registered
;
; ThinLTO renames a local it promotes `name.llvm.<hash>`, with the hash of
; its module's bitcode, and the final build's module differs from the first
; build's (it records the loop profile): the loop profile's `sum.llvm.1111`
; is this build's `sum.llvm.2222`. hotalign finds it under the other hash
; when one function of the profile has that name: the loop (0.8 iterations
; per entry to the compiler, 416 in the binary) is judged by the binary's
; counts and aligned.
; Negative twin: two promoted locals of that name in the profile (two
; modules' `static sum`): neither is sure, the compiler's profile decides.
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 3000' \
; RUN:   'function sum.llvm.1111' 'block 1 65112' 'loop 1 64956 156 156 1' > %t/one.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/one.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-analysis=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MEASURED
; MEASURED: remark: <unknown>:0:0: loop at %bb.1 (address-map block 1): back-edge count 64956 (the binary's), 416.4 per loop entry
; MEASURED-NEXT: remark: <unknown>:0:0: aligned hot loop at %bb.1
;
; RUN: cp %t/one.txt %t/two.txt
; RUN: printf '%%s\n' 'function sum.llvm.3333' 'block 1 65112' 'loop 1 64956 156 156 1' >> %t/two.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/two.txt -hotalign-max-function-size=0 \
; RUN:   -pass-remarks=hotalign -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=AMBIGUOUS
; AMBIGUOUS: remark: <unknown>:0:0: loop at %bb.1 not aligned: cold: iterates 0.8 times per loop entry (hot loops iterate at least 2){{$}}
; AMBIGUOUS-NOT: aligned hot loop

define void @"sum.llvm.2222"(ptr %a, i64 %n) !prof !20 {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %x = mul i32 %v, 3
  store i32 %x, ptr %p, align 4
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !prof !21

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 2000000}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 1000000}
!6 = !{!"MaxFunctionCount", i64 100000}
!7 = !{!"NumCounts", i64 10}
!8 = !{!"NumFunctions", i64 4}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000000, i32 1}
!12 = !{i32 990000, i64 50000, i32 3}
!13 = !{i32 999999, i64 1, i32 10}
!20 = !{!"function_entry_count", i64 100000}
!21 = !{!"branch_weights", i32 100000, i32 80000}
