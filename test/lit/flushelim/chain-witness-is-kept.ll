; Three flushes of the same range: the second and third go, and both name
; the first (the flush that stays) as their witness, never a removed one.
; Negative twin: store-between-keeps.ll.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @chain(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end), !dbg ![[FIRST:[0-9]+]]
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void
; CHECK:       ![[FIRST]] = !DILocation(line: 5, column: 3

; REMARK-DAG: remark: asm.c:6:3: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at asm.c:5:3
; REMARK-DAG: remark: asm.c:7:3: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at asm.c:5:3
; REMARK-NOT: removed redundant

define void @chain(ptr %code, i64 %n) !dbg !3 {
entry:
  %end = getelementptr inbounds i8, ptr %code, i64 %n, !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !6
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !7
  call void @llvm.clear_cache(ptr %code, ptr %end), !dbg !8
  ret void, !dbg !9
}

declare void @llvm.clear_cache(ptr, ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "asm.c", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "chain", scope: !1, file: !1, line: 4, type: !4, scopeLine: 4, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!6 = !DILocation(line: 5, column: 3, scope: !3)
!7 = !DILocation(line: 6, column: 3, scope: !3)
!8 = !DILocation(line: 7, column: 3, scope: !3)
!9 = !DILocation(line: 8, column: 1, scope: !3)
