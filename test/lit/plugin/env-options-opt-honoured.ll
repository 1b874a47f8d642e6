; HOTLAYOUT_OPTIONS under opt: read when opt loads the plugin
; (llvmGetPassPluginInfo). -flushelim-mode=profile is honoured: both flushes
; stay, each counted, where the default mode removes the second. The command
; line wins: opt parses its options after loading the plugin, so
; -flushelim-mode=remove there overrides the variable.
;
; REQUIRES: x86-registered
;
; RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=profile %opt \
; RUN:   -load-pass-plugin=%plugin -passes=flushelim -S %s -o - \
; RUN:   | FileCheck %s --check-prefix=PROFILE
;
; Negative twins: without the variable, and with it overridden on the
; command line, the second flush is removed.
; RUN: %opt -load-pass-plugin=%plugin -passes=flushelim -S %s -o - \
; RUN:   | FileCheck %s --check-prefix=REMOVE
; RUN: env HOTLAYOUT_OPTIONS=-flushelim-mode=profile %opt \
; RUN:   -load-pass-plugin=%plugin -passes=flushelim -flushelim-mode=remove \
; RUN:   -S %s -o - | FileCheck %s --check-prefix=REMOVE

target triple = "x86_64-unknown-linux-gnu"

; PROFILE-LABEL: define void @publish(
; PROFILE: call void @__hotlayout_flush_profile(
; PROFILE-NEXT: call void @llvm.clear_cache(
; PROFILE: call i32 @mprotect(
; PROFILE: call void @__hotlayout_flush_profile(
; PROFILE-NEXT: call void @llvm.clear_cache(

; REMOVE-LABEL: define void @publish(
; REMOVE: call void @llvm.clear_cache(
; REMOVE: call i32 @mprotect(
; REMOVE-NOT: call void @llvm.clear_cache(
; REMOVE: ret void

declare i32 @mprotect(ptr, i64, i32)
declare void @llvm.clear_cache(ptr, ptr)

define void @publish(ptr %code, i64 %n) {
  %end = getelementptr i8, ptr %code, i64 %n
  call void @llvm.clear_cache(ptr %code, ptr %end)
  %r = call i32 @mprotect(ptr %code, i64 4096, i32 5)
  call void @llvm.clear_cache(ptr %code, ptr %end)
  ret void
}
