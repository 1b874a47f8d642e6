; Negative twin of randomx-sound-removes.ll, in the shape upstream RandomX
; has: enableExecution flushes the *whole* buffer [code, code+size), while
; generateProgram flushed only what it wrote, [code, code+pos). Nothing
; proves the rest of the buffer clean, so the second flush is not removed; it
; is reported as following a flush of part of its range. (Removal only:
; narrowing shrinks it to the rest of the buffer; see
; randomx-whole-buffer-narrows.ll, which narrows this very function.)
;
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -flushelim-narrow=false \
; RUN:   -S %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -pass-remarks=flushelim \
; RUN:   -pass-remarks-missed=flushelim -pass-remarks-analysis=flushelim \
; RUN:   -flushelim-narrow=false -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Jit = type { ptr, i64, i64 } ; code, pos, size

; CHECK-LABEL: define void @compile_and_enable(
; CHECK:       written:
; CHECK:       call void @llvm.clear_cache(ptr %code.w, ptr %end)
; CHECK:       call i32 @mprotect(ptr %code.x, i64 %size, i32 5)
; CHECK:       call void @llvm.clear_cache(ptr %code.x, ptr %all)
; CHECK-NEXT:  ret void

; REMARK-NOT: removed redundant
; REMARK: remark: randomx.cpp:31:5: llvm.clear_cache follows a flush of part of its range at randomx.cpp:20:5: the remainder is not proven clean; not narrowed: narrowing is off (-flushelim-narrow=false)
; REMARK-NOT: removed redundant

define void @compile_and_enable(ptr %j, ptr %prog, i64 %count) !dbg !3 {
entry:
  %pos.addr = getelementptr inbounds %struct.Jit, ptr %j, i64 0, i32 1, !dbg !10
  %size.addr = getelementptr inbounds %struct.Jit, ptr %j, i64 0, i32 2, !dbg !10
  %code = load ptr, ptr %j, align 8, !dbg !10
  %pos0 = load i64, ptr %pos.addr, align 8, !dbg !10
  %empty = icmp eq i64 %count, 0, !dbg !10
  br i1 %empty, label %written, label %emit, !dbg !10

emit:
  %i = phi i64 [ 0, %entry ], [ %i.next, %emit ]
  %src = getelementptr inbounds i32, ptr %prog, i64 %i, !dbg !11
  %insn = load i32, ptr %src, align 4, !dbg !11
  %wpos = getelementptr inbounds i32, ptr %code, i64 %i, !dbg !11
  %slot = getelementptr inbounds i8, ptr %wpos, i64 %pos0, !dbg !11
  store i32 %insn, ptr %slot, align 4, !dbg !11
  %i.next = add nuw i64 %i, 1, !dbg !11
  %more = icmp ult i64 %i.next, %count, !dbg !11
  br i1 %more, label %emit, label %written, !dbg !11

written:
  %bytes = shl nuw i64 %count, 2, !dbg !12
  %pos = add i64 %pos0, %bytes, !dbg !12
  store i64 %pos, ptr %pos.addr, align 8, !dbg !12
  %code.w = load ptr, ptr %j, align 8, !dbg !13
  %end = getelementptr inbounds i8, ptr %code.w, i64 %pos, !dbg !13
  call void @llvm.clear_cache(ptr %code.w, ptr %end), !dbg !13
  %code.x = load ptr, ptr %j, align 8, !dbg !20
  %size = load i64, ptr %size.addr, align 8, !dbg !20
  %rc = call i32 @mprotect(ptr %code.x, i64 %size, i32 5), !dbg !21
  %all = getelementptr inbounds i8, ptr %code.x, i64 %size, !dbg !22
  call void @llvm.clear_cache(ptr %code.x, ptr %all), !dbg !22
  ret void, !dbg !23
}

declare i32 @mprotect(ptr, i64, i32)
declare void @llvm.clear_cache(ptr, ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "randomx.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "compile_and_enable", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!10 = !DILocation(line: 12, column: 5, scope: !3)
!11 = !DILocation(line: 15, column: 7, scope: !3)
!12 = !DILocation(line: 18, column: 5, scope: !3)
!13 = !DILocation(line: 20, column: 5, scope: !3)
!20 = !DILocation(line: 28, column: 5, scope: !3)
!21 = !DILocation(line: 29, column: 5, scope: !3)
!22 = !DILocation(line: 31, column: 5, scope: !3)
!23 = !DILocation(line: 32, column: 1, scope: !3)
