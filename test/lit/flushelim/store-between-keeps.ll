; Negative twin of same-range-twice.ll. A store into the flushed range sits
; between the two flushes, so the bytes the second flush publishes are new:
; nothing may change. The kept flush is reported with the first flush's
; location and the "written in between" reason.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @store_between(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end), !dbg
; CHECK-NEXT:  store i8 -61, ptr %code
; CHECK-NEXT:  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: remark: jit.c:13:3: kept llvm.clear_cache: the flush at jit.c:11:3 covers its range but memory in its range may be written in between
; REMARK-NOT: removed redundant

define void @store_between(ptr %code, i64 %n) !dbg !3 {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n, !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !6
  store i8 195, ptr %code, !dbg !7
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !8
  ret void, !dbg !9
}

declare void @llvm.clear_cache(ptr, ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "jit.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "store_between", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 11, column: 3, scope: !3)
!7 = !DILocation(line: 12, column: 3, scope: !3)
!8 = !DILocation(line: 13, column: 3, scope: !3)
!9 = !DILocation(line: 14, column: 1, scope: !3)
