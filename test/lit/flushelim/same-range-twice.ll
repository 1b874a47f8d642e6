; Two flushes of the same instruction-cache range with nothing in between:
; the second is redundant and goes. The remark names the kept flush's
; source location as the witness.
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @twice(
; CHECK:       call void @llvm.clear_cache(ptr %code, ptr %end), !dbg
; CHECK-NOT:   call void @llvm.clear_cache
; CHECK:       ret void

; REMARK: remark: jit.c:12:3: removed redundant llvm.clear_cache: its range was already flushed by llvm.clear_cache at jit.c:11:3
; REMARK-NOT: removed redundant

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
