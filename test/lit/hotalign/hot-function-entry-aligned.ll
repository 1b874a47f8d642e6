; With a profile, a hot function whose code fits in -hotalign-max-function-size
; bytes (default 64) starts on a line: `.p2align 6` before its label instead
; of the target's 16 bytes. Only a profile says a function is hot; static
; estimates never do.
;
; @hot_small (13 bytes, entry count 1000000, hot) is aligned. Its twins keep
; `.p2align 4`: @cold_small (count 1), @noprof_small (no entry count),
; @hot_large (71 bytes, over the limit); and @hot_small itself when the
; module has no profile summary, or the option makes it too large or is 0.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o %t.s 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-function-size=13 \
; RUN:   %s -o %t.13.s 2> %t.13.r
; RUN: cat %t.13.r %t.13.s | FileCheck %s
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-function-size=12 \
; RUN:   %s -o %t.12.s 2> %t.12.r
; RUN: cat %t.12.r %t.12.s | FileCheck %s --check-prefix=NONE
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-function-size=0 \
; RUN:   %s -o %t.0.s 2> %t.0.r
; RUN: cat %t.0.r %t.0.s | FileCheck %s --check-prefix=NONE
; Without the summary no function has a usable profile.
; RUN: sed -e '/^!llvm.module.flags/d' %s > %t.nosummary.ll
; RUN: %llc -load=%plugin -pass-remarks=hotalign %t.nosummary.ll -o %t.ns.s 2> %t.ns.r
; RUN: cat %t.ns.r %t.ns.s | FileCheck %s --check-prefix=NONE

target triple = "x86_64-unknown-linux-gnu"

; CHECK: remark: <unknown>:0:0: aligned hot function entry: 13 bytes, alignment 64{{$}}
; CHECK-NOT: remark:
; CHECK: .p2align 6{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type hot_small,@function
; CHECK-NEXT: hot_small:
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type cold_small,@function
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type noprof_small,@function
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type hot_large,@function

; NONE-NOT: remark:
; NONE-NOT: .p2align 6
; NONE: .p2align 4{{(, 0x90)?}}{{$}}
; NONE-NEXT: .type hot_small,@function
; NONE-NOT: .p2align 6

define i32 @hot_small(i32 %x) !prof !20 {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

define i32 @cold_small(i32 %x) !prof !21 {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

define i32 @noprof_small(i32 %x) {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

; Ten 7-byte stores and a ret.
define void @hot_large(ptr %p) !prof !20 {
  store volatile i64 1000000, ptr %p
  store volatile i64 2000000, ptr %p
  store volatile i64 3000000, ptr %p
  store volatile i64 4000000, ptr %p
  store volatile i64 5000000, ptr %p
  store volatile i64 6000000, ptr %p
  store volatile i64 7000000, ptr %p
  store volatile i64 8000000, ptr %p
  store volatile i64 9000000, ptr %p
  store volatile i64 10000000, ptr %p
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 2000001}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 0}
!6 = !{!"MaxFunctionCount", i64 1000000}
!7 = !{!"NumCounts", i64 3}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 990000, i64 1000000, i32 2}
!12 = !{i32 999000, i64 1000000, i32 2}
!13 = !{i32 999999, i64 1, i32 3}
!20 = !{!"function_entry_count", i64 1000000}
!21 = !{!"function_entry_count", i64 1}
