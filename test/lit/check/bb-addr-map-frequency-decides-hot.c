// With .llvm_bb_addr_map block frequencies (-pgo-analysis-map=bb-freq) a
// loop is hot when its first block runs at least --min-loop-freq-ratio (8)
// times as often as the function entry. `hot`'s loop qualifies; `cold`'s,
// behind __builtin_expect(..., 0), does not and is left out. Twin: the map
// without frequencies falls back to "every innermost loop", listing both.
// -falign-loops=64 keeps both small loops inside one line (exit 0). The
// CLI, built against LLVM 22 only, reads clang 19's map (an older format
// version) with the same verdict (when the LLVM 19 tree is configured).
// REQUIRES: x86_64-host
// RUN: %clang -O2 -fuse-ld=lld -fno-vectorize -fno-unroll-loops -falign-loops=64 -fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq %s -o %t.freq
// RUN: %clang -O2 -fuse-ld=lld -fno-vectorize -fno-unroll-loops -falign-loops=64 -fbasic-block-address-map %s -o %t.nofreq
// RUN: %expect-exit 0 %hotlayout check --function hot --function cold %t.freq | FileCheck %s --check-prefix=FREQ
// RUN: %expect-exit 0 %hotlayout check --function hot --function cold %t.nofreq | FileCheck %s --check-prefix=NOFREQ
// RUN: %expect-exit 0 %hotlayout check --json --function hot %t.freq | FileCheck %s --check-prefix=JSON
// RUN: %if llvm19-clang %{ %llvm19-clang -O2 -fuse-ld=lld -fno-vectorize -fno-unroll-loops -falign-loops=64 -fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq %s -o %t.freq19 %}
// RUN: %if llvm19-clang %{ %expect-exit 0 %hotlayout check --function hot --function cold %t.freq19 | FileCheck %s --check-prefix=FREQ %}

// FREQ:      hot loops: first block at least 8x as frequent as the function entry (.llvm_bb_addr_map block frequencies)
// FREQ-NEXT: FUNCTION START SIZE LINES MIN HOT-BY
// FREQ-NEXT: hot {{0x[0-9a-f]+}} {{[0-9]+}} 1 1 freq {{[0-9]+\.[0-9]}}x{{$}}
// FREQ-NEXT: 1 hot loops, 1 tight, 0 straddle (2 loops found)

// NOFREQ:      hot loops: every innermost loop (no --profile, no .llvm_bb_addr_map block frequencies)
// NOFREQ-NEXT: FUNCTION START SIZE LINES MIN HOT-BY
// NOFREQ-NEXT: hot {{0x[0-9a-f]+}} {{[0-9]+}} 1 1 innermost{{$}}
// NOFREQ-NEXT: cold {{0x[0-9a-f]+}} {{[0-9]+}} 1 1 innermost{{$}}
// NOFREQ-NEXT: 2 hot loops, 2 tight, 0 straddle (2 loops found)

// JSON:      "rule": "block-frequency",
// JSON-NEXT: "min_loop_freq_ratio": 8
// JSON:      "function": "hot",
// JSON:      "freq_ratio": {{[0-9.]+}}

volatile int Sink;

__attribute__((noinline)) void hot(int N) {
  for (int I = 0; I < N; ++I)
    Sink += I;
}

__attribute__((noinline)) void cold(int N) {
  if (__builtin_expect(N > 1000, 0))
    for (int I = 0; I < N; ++I)
      Sink += I * 3;
}

int main(int Argc, char **Argv) {
  hot(Argc * 100);
  cold(Argc);
  return 0;
}
