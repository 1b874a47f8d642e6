; The remark sink -hotlayout-remarks installs changes nothing the host's own
; flags print: under opt, -pass-remarks still prints the inliner's remarks
; and flushelim's, each once, in opt's format, with the sink in place; what
; only the sink selects comes in clang's format, with the flag named.
;
; RUN: env HOTLAYOUT_OPTIONS=-hotlayout-remarks=flushelim %opt \
; RUN:   -load-pass-plugin=%plugin -passes='cgscc(inline),flushelim' \
; RUN:   -pass-remarks='inline|flushelim' -disable-output %s 2>&1 | FileCheck %s
; RUN: env HOTLAYOUT_OPTIONS=-hotlayout-remarks=flushelim %opt \
; RUN:   -load-pass-plugin=%plugin -passes='cgscc(inline),flushelim' \
; RUN:   -pass-remarks=inline -disable-output %s 2>&1 | FileCheck %s --check-prefix=SINK
;
; Negative twin: the same host flags without the variable print the same
; host lines, and nothing of flushelim's that the flags did not ask for.
; RUN: %opt -load-pass-plugin=%plugin -passes='cgscc(inline),flushelim' \
; RUN:   -pass-remarks=inline -disable-output %s 2>&1 | FileCheck %s --check-prefix=HOST

; CHECK: remark: <unknown>:0:0: 'flush' inlined into 'twice'
; CHECK-NEXT: remark: <unknown>:0:0: removed redundant llvm.clear_cache
; CHECK-NOT: remark

; SINK: remark: <unknown>:0:0: 'flush' inlined into 'twice'
; SINK-NEXT: <unknown>:0:0: remark: removed redundant llvm.clear_cache: {{.*}} [-Rpass=flushelim]
; SINK-NOT: remark

; HOST: remark: <unknown>:0:0: 'flush' inlined into 'twice'
; HOST-NOT: remark

declare void @llvm.clear_cache(ptr, ptr)

define internal void @flush(ptr %code, ptr %end) {
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}

define void @twice(ptr %code, i64 %n) {
  %end = getelementptr i8, ptr %code, i64 %n
  call void @flush(ptr %code, ptr %end)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}
