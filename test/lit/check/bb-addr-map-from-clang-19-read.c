// The CLI is built once, against LLVM 22, and reads what clang 19 writes:
// its .llvm_bb_addr_map (an older format version) gives the same verdict as
// clang 22's. `hot`'s loop runs 8x as often as its entry and is hot by block
// frequency; `cold`'s, behind __builtin_expect(..., 0), is not. Twin: the
// same source by clang 19 without frequencies in the map falls back to
// "every innermost loop" and lists both: the frequencies above were read,
// not guessed. -falign-loops=64 keeps both small loops inside one line.
// REQUIRES: x86_64-host, llvm19-clang
// RUN: %llvm19-clang -O2 -fuse-ld=lld -fno-vectorize -fno-unroll-loops -falign-loops=64 -fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq %s -o %t.freq
// RUN: %llvm19-clang -O2 -fuse-ld=lld -fno-vectorize -fno-unroll-loops -falign-loops=64 -fbasic-block-address-map %s -o %t.nofreq
// RUN: %expect-exit 0 %hotlayout check --function hot --function cold %t.freq | FileCheck %s --check-prefix=FREQ
// RUN: %expect-exit 0 %hotlayout check --function hot --function cold %t.nofreq | FileCheck %s --check-prefix=NOFREQ

// FREQ:      hot loops: first block at least 8x as frequent as the function entry (.llvm_bb_addr_map block frequencies)
// FREQ-NEXT: FUNCTION START SIZE LINES MIN HOT-BY
// FREQ-NEXT: hot {{0x[0-9a-f]+}} {{[0-9]+}} 1 1 freq {{[0-9]+\.[0-9]}}x{{$}}
// FREQ-NEXT: 1 hot loops, 0 straddle (2 loops found)

// NOFREQ:      hot loops: every innermost loop (no --profile, no .llvm_bb_addr_map block frequencies)
// NOFREQ-NEXT: FUNCTION START SIZE LINES MIN HOT-BY
// NOFREQ-NEXT: hot {{0x[0-9a-f]+}} {{[0-9]+}} 1 1 innermost{{$}}
// NOFREQ-NEXT: cold {{0x[0-9a-f]+}} {{[0-9]+}} 1 1 innermost{{$}}
// NOFREQ-NEXT: 2 hot loops, 0 straddle (2 loops found)

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
