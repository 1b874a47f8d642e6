// ld.lld --load-pass-plugin: LTO code generation inside the linker runs
// hotalign too (full and thin LTO), so loops are aligned in the linked
// binary. Here: the vector body and the scalar remainder of scale's loop
// start on 64-byte boundaries (their back-edge targets end in 00, 40, 80 or
// c0), and -mllvm -pass-remarks reports both (lld prints remarks on
// stdout).
//
// RUN: %clang --target=x86_64-linux-gnu -O2 -flto=full -c %s -o %t.full.o
// RUN: %lld --load-pass-plugin=%plugin -mllvm -pass-remarks=hotalign \
// RUN:   %t.full.o -e scale -o %t.full > %t.full.r
// RUN: FileCheck %s --check-prefix=REMARK < %t.full.r
// RUN: llvm-objdump -d --no-show-raw-insn %t.full | FileCheck %s
//
// RUN: %clang --target=x86_64-linux-gnu -O2 -flto=thin -c %s -o %t.thin.o
// RUN: %lld --load-pass-plugin=%plugin -mllvm -pass-remarks=hotalign \
// RUN:   %t.thin.o -e scale -o %t.thin > %t.thin.r
// RUN: FileCheck %s --check-prefix=REMARK < %t.thin.r
// RUN: llvm-objdump -d --no-show-raw-insn %t.thin | FileCheck %s
//
// Negative twin: linked without the plugin, no remark, and the vector body
// keeps LLVM's 16-byte alignment: the disassembly differs.
// RUN: %lld -mllvm -pass-remarks=hotalign %t.full.o -e scale -o %t.none \
// RUN:   > %t.none.r
// RUN: count 0 < %t.none.r
// RUN: llvm-objdump -d --no-show-raw-insn %t.full | grep -v 'file format' > %t.full.txt
// RUN: llvm-objdump -d --no-show-raw-insn %t.none | grep -v 'file format' > %t.none.txt
// RUN: not diff %t.full.txt %t.none.txt

// REMARK: aligned hot loop at %bb.{{[0-9]+}}: [[#VEC:]] hot bytes,
// REMARK-SAME: max-skip 63 (line start)
// REMARK-NEXT: aligned hot loop at %bb.{{[0-9]+}}: [[#REM:]] hot bytes,
// REMARK-SAME: max-skip 63 (line start)
// REMARK-NOT: remark

// CHECK-LABEL: <scale>:
// CHECK: jne 0x{{[0-9a-f]*}}{{[048c]}}0 <scale+0x{{[0-9a-f]+}}>
// CHECK: jne 0x{{[0-9a-f]*}}{{[048c]}}0 <scale+0x{{[0-9a-f]+}}>

void scale(int *a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}
