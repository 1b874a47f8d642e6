; REQUIRES: x86-registered, llvm-22
;
; In a build with a block order (-basic-block-sections=LIST: `hotlayout loops
; --block-order` of the profiled first build, which also wrote the loop
; profile), hotalign says which counted function the order did not lay out:
;   @unlisted: in the loop profile, not in the list (loops left it out, or it
;              never ran): BasicBlockSections leaves it whole, in the
;              compiler's order; remark BlockOrderNotApplied.
; Negative twins:
;   @listed:   in both: laid out by the list, no such remark.
;   without a list, no function has a block order to miss: no such remark.
; LLVM 21+ only: there hotalign runs after BasicBlockSections and can tell
; (LLVM 19's runs before it, and says nothing).
;
; RUN: rm -rf %t && mkdir %t
; RUN: printf '%%s\n' 'hotlayout-loop-profile 1' '# test' 'threshold 60000' \
; RUN:   'function listed' 'block 0 100' 'block 1 65112' 'loop 1 64956 156 156 1' \
; RUN:   'function unlisted' 'block 0 100' 'block 1 65112' 'loop 1 64956 156 156 1' > %t/loops.txt
; RUN: printf 'v1\nf listed\nc 0 1 2\n' > %t/order.txt
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -basic-block-sections=%t/order.txt -hotalign-loop-profile=%t/loops.txt \
; RUN:   -pass-remarks-missed=hotalign %s -o /dev/null 2>&1 | FileCheck %s
; RUN: %llc -load=%plugin -mtriple=x86_64-linux-gnu -basic-block-address-map \
; RUN:   -hotalign-loop-profile=%t/loops.txt -pass-remarks-missed=hotalign %s \
; RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLIST --allow-empty

; CHECK-NOT: block order does not lay out listed
; CHECK: remark: <unknown>:0:0: the block order does not lay out unlisted (not listed, or its source changed since the profiled build): it keeps the compiler's order{{$}}
; CHECK-NOT: block order does not lay out

; NOLIST-NOT: block order

define void @listed(ptr %a, i64 %n) !prof !20 {
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

define void @unlisted(ptr %a, i64 %n) !prof !20 {
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

!20 = !{!"function_entry_count", i64 100}
!21 = !{!"branch_weights", i32 100, i32 64956}
