// llvm-bolt keeps .llvm_bb_addr_map but moves the code it describes, so in
// a BOLT-rewritten binary the map is ignored, with a note, and hotness falls
// back to the next rule. The twin, the input binary, uses its frequencies.
// REQUIRES: x86_64-host, bolt
// RUN: %clang -O2 -fuse-ld=lld -Wl,--emit-relocs -fno-vectorize -fno-unroll-loops -falign-loops=64 -fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq %s -o %t
// RUN: %llvm-bolt %t -o %t.bolt
// RUN: %hotlayout check --function hot %t.bolt | FileCheck %s --check-prefix=BOLTED
// RUN: %hotlayout check --json --function hot %t.bolt | FileCheck %s --check-prefix=JSON
// RUN: %hotlayout check --function hot %t | FileCheck %s --check-prefix=INPUT

// BOLTED:      note: rewritten by BOLT: .llvm_bb_addr_map describes the code before rewriting and is ignored; pass --profile for hotness
// BOLTED-NEXT: hot loops: every innermost loop (no --profile, no .llvm_bb_addr_map block frequencies)
// JSON: "stale_bb_addr_map_ignored": true,
// INPUT-NOT: note:
// INPUT:     hot loops: first block at least 8x as frequent as the function entry (.llvm_bb_addr_map block frequencies)

volatile int Sink;

__attribute__((noinline)) void hot(int N) {
  for (int I = 0; I < N; ++I)
    Sink += I;
}

int main(int Argc, char **Argv) {
  hot(Argc * 100);
  return 0;
}
