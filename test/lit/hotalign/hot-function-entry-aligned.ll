; With a profile, a hot function whose code fits in -hotalign-max-function-size
; bytes (default 64) starts where it cannot cross a line: on the smallest power
; of two that holds its bytes, a line at most, instead of the target's 16
; bytes. So it shares its line with its neighbours rather than taking one of
; its own. Only a profile says a function is hot; static estimates never do.
;
; @hot_mid (22 bytes) starts on 32, @hot_line (43 bytes) on a line. Their
; twins keep `.p2align 4`: @hot_small (13 bytes: 16 already holds it, no
; remark), @cold_mid (count 1), @noprof_mid (no entry count), @hot_large (71
; bytes, over the limit); and @hot_mid and @hot_line when the module has no
; profile summary, or the option makes them too large or is 0.
;
; RUN: %llc -load=%plugin -pass-remarks=hotalign %s -o %t.s 2> %t.r
; RUN: cat %t.r %t.s | FileCheck %s
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-function-size=22 \
; RUN:   %s -o %t.22.s 2> %t.22.r
; RUN: cat %t.22.r %t.22.s | FileCheck %s --check-prefix=MID
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-function-size=21 \
; RUN:   %s -o %t.21.s 2> %t.21.r
; RUN: cat %t.21.r %t.21.s | FileCheck %s --check-prefix=NONE
; RUN: %llc -load=%plugin -pass-remarks=hotalign -hotalign-max-function-size=0 \
; RUN:   %s -o %t.0.s 2> %t.0.r
; RUN: cat %t.0.r %t.0.s | FileCheck %s --check-prefix=NONE
; Without the summary no function has a usable profile.
; RUN: sed -e '/^!llvm.module.flags/d' %s > %t.nosummary.ll
; RUN: %llc -load=%plugin -pass-remarks=hotalign %t.nosummary.ll -o %t.ns.s 2> %t.ns.r
; RUN: cat %t.ns.r %t.ns.s | FileCheck %s --check-prefix=NONE

target triple = "x86_64-unknown-linux-gnu"

; CHECK: remark: <unknown>:0:0: aligned hot function entry: 22 bytes, alignment 32{{$}}
; CHECK-NEXT: remark: <unknown>:0:0: aligned hot function entry: 43 bytes, alignment 64{{$}}
; CHECK-NOT: remark:
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type hot_small,@function
; CHECK: .p2align 5{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type hot_mid,@function
; CHECK: .p2align 6{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type hot_line,@function
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type cold_mid,@function
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type noprof_mid,@function
; CHECK: .p2align 4{{(, 0x90)?}}{{$}}
; CHECK-NEXT: .type hot_large,@function

; MID: remark: <unknown>:0:0: aligned hot function entry: 22 bytes, alignment 32{{$}}
; MID-NOT: remark:
; MID: .p2align 5{{(, 0x90)?}}{{$}}
; MID-NEXT: .type hot_mid,@function
; MID: .p2align 4{{(, 0x90)?}}{{$}}
; MID-NEXT: .type hot_line,@function

; NONE-NOT: remark:
; NONE-NOT: .p2align {{[56]}}

define i32 @hot_small(i32 %x) !prof !20 {
  %y = mul i32 %x, 7
  %z = add i32 %y, 3
  ret i32 %z
}

; Three 7-byte stores and a ret.
define void @hot_mid(ptr %p) !prof !20 {
  store volatile i64 1000000, ptr %p
  store volatile i64 2000000, ptr %p
  store volatile i64 3000000, ptr %p
  ret void
}

; Six 7-byte stores and a ret.
define void @hot_line(ptr %p) !prof !20 {
  store volatile i64 1000000, ptr %p
  store volatile i64 2000000, ptr %p
  store volatile i64 3000000, ptr %p
  store volatile i64 4000000, ptr %p
  store volatile i64 5000000, ptr %p
  store volatile i64 6000000, ptr %p
  ret void
}

define void @cold_mid(ptr %p) !prof !21 {
  store volatile i64 1000000, ptr %p
  store volatile i64 2000000, ptr %p
  store volatile i64 3000000, ptr %p
  ret void
}

define void @noprof_mid(ptr %p) {
  store volatile i64 1000000, ptr %p
  store volatile i64 2000000, ptr %p
  store volatile i64 3000000, ptr %p
  ret void
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
