// HOTLAYOUT_OPTIONS reaches hotalign in clang's codegen whichever way the
// plugin is loaded: -fpass-plugin (read in llvmGetPassPluginInfo) or
// -fplugin alone (the .so is only dlopened: read by the codegen hook and the
// hotalign constructor). With -hotalign-enable=false no loop is line-aligned
// and no remark is given. The command line wins over the variable in clang
// 19 and 22 alike (-fplugin loads the .so before -mllvm is parsed).
//
// REQUIRES: x86-registered
//
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-enable=false %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fpass-plugin=%plugin -Rpass=hotalign \
// RUN:   -S %s -o %t.pass.s 2> %t.pass.r
// RUN: count 0 < %t.pass.r
// RUN: FileCheck %s --check-prefix=OFF < %t.pass.s
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-enable=false %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fplugin=%plugin -Rpass=hotalign \
// RUN:   -S %s -o %t.fplugin.s 2> %t.fplugin.r
// RUN: count 0 < %t.fplugin.r
// RUN: FileCheck %s --check-prefix=OFF < %t.fplugin.s
//
// Negative twins: without the variable (-fplugin alone), and with it
// overridden by -mllvm, both loops are aligned and reported.
// RUN: %clang --target=x86_64-linux-gnu -O2 -fplugin=%plugin -Rpass=hotalign \
// RUN:   -S %s -o %t.on.s 2> %t.on.r
// RUN: cat %t.on.r %t.on.s | FileCheck %s --check-prefix=ON
// RUN: env HOTLAYOUT_OPTIONS=-hotalign-enable=false %clang \
// RUN:   --target=x86_64-linux-gnu -O2 -fplugin=%plugin -fpass-plugin=%plugin \
// RUN:   -mllvm -hotalign-enable=true -Rpass=hotalign -S %s -o %t.cl.s \
// RUN:   2> %t.cl.r
// RUN: cat %t.cl.r %t.cl.s | FileCheck %s --check-prefix=ON

void scale(int *a, int n) {
  // ON-COUNT-2: env-options-hotalign-honoured.c:[[#@LINE+1]]:3: remark: aligned hot loop at
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

// OFF-LABEL: scale:
// OFF-NOT: .p2align 6
// OFF: .p2align 4{{(, 0x90)?}}{{$}}
// OFF-NOT: .p2align 6
// ON-LABEL: scale:
// ON-COUNT-2: .p2align 6,
