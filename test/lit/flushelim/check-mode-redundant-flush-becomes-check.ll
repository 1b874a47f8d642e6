; Check mode: two flushes of the same range with nothing in between. The
; second, which remove mode would delete, becomes a runtime check naming both
; source locations (elided first, witness second); the first stays and is
; followed by a snapshot under the same location string the check names as
; its witness (one global per distinct string). Negative twin:
; check-mode-store-between-keeps-both.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=check \
; RUN:   -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG:   @[[ELIDED:.+]] = private unnamed_addr constant [19 x i8] c"jit.c:12:3 (twice)\00"
; CHECK-DAG:   @[[WITNESS:.+]] = private unnamed_addr constant [19 x i8] c"jit.c:11:3 (twice)\00"
; CHECK-LABEL: define void @twice(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end), !dbg [[L11:![0-9]+]]
; CHECK-NEXT:  call void @__hotlayout_flush_record(ptr %code, ptr %end, ptr @[[WITNESS]]), !dbg [[L11]]
; CHECK-NEXT:  call void @__hotlayout_flush_check(ptr %code, ptr %end, ptr @[[ELIDED]], ptr @[[WITNESS]]), !dbg [[L12:![0-9]+]]
; CHECK-NEXT:  ret void
; CHECK:       declare void @__hotlayout_flush_check(ptr, ptr, ptr, ptr) [[NOUNWIND:#[0-9]+]]
; CHECK:       declare void @__hotlayout_flush_record(ptr, ptr, ptr) [[NOUNWIND]]
; CHECK:       attributes [[NOUNWIND]] = { nounwind }
; CHECK:       [[L11]] = !DILocation(line: 11,
; CHECK:       [[L12]] = !DILocation(line: 12,

define void @twice(ptr %code, i64 %n) !dbg !3 {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n, !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !7
  ret void, !dbg !8
}

declare void @llvm.clear_cache(ptr, ptr)

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
!8 = !DILocation(line: 13, column: 1, scope: !3)
