; Profile mode: every flush gets a __hotlayout_flush_profile call right before
; it with its range and its own location, and none is removed, not even the
; second flush that remove mode would delete (profile mode measures what the
; flushes do; it must not change it). That one is also counted as skippable
; first (__hotlayout_flush_profile_skip over its whole range). Negative twin:
; profile-mode-remove-mode-adds-no-calls.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=profile \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG:   @[[FIRST:.+]] = private unnamed_addr constant [19 x i8] c"jit.c:11:3 (twice)\00"
; CHECK-DAG:   @[[SECOND:.+]] = private unnamed_addr constant [19 x i8] c"jit.c:12:3 (twice)\00"
; CHECK-LABEL: define void @twice(
; CHECK:       call void @__hotlayout_flush_profile(ptr %code, ptr %end, ptr @[[FIRST]])
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  call void @__hotlayout_flush_profile_skip(ptr %code, ptr %end, ptr @[[SECOND]])
; CHECK-NEXT:  call void @__hotlayout_flush_profile(ptr %code, ptr %end, ptr @[[SECOND]])
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end)
; CHECK-NEXT:  [[LINE:%.+]] = call ptr @llvm.ptrmask.p0.i64(ptr %code, i64 -64)
; CHECK-NEXT:  [[LEND:%.+]] = getelementptr i8, ptr [[LINE]], i64 64
; CHECK-NEXT:  call void @__hotlayout_flush_profile(ptr [[LINE]], ptr [[LEND]], ptr @{{.+}})
; CHECK-NEXT:  call void @llvm.x86.sse2.clflush(ptr %code)
; CHECK-NEXT:  ret void
; CHECK-NOT:   __hotlayout_flush_record
; CHECK-NOT:   __hotlayout_flush_check
; CHECK:       declare void @__hotlayout_flush_profile(ptr, ptr, ptr) [[NOUNWIND:#[0-9]+]]
; CHECK:       attributes [[NOUNWIND]] = { nounwind }

define void @twice(ptr %code, i64 %n) !dbg !3 {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n, !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !7
  call void @llvm.x86.sse2.clflush(ptr %code), !dbg !8
  ret void, !dbg !9
}

declare void @llvm.clear_cache(ptr, ptr)
declare void @llvm.x86.sse2.clflush(ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "jit.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "twice", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 11, column: 3, scope: !3)
!7 = !DILocation(line: 12, column: 3, scope: !3)
!8 = !DILocation(line: 13, column: 3, scope: !3)
!9 = !DILocation(line: 14, column: 1, scope: !3)
