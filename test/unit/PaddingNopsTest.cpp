#include "hotlayout/Support/PaddingNops.h"

#include "gtest/gtest.h"

#include <vector>

using namespace hotlayout;

namespace {
std::vector<uint8_t> bytesOf(bool AArch64, uint64_t Size) {
  std::vector<uint8_t> Out;
  for (const PaddingNop &Nop : paddingNops(AArch64, Size))
    Out.insert(Out.end(), Nop.Bytes, Nop.Bytes + Nop.Size);
  return Out;
}
} // namespace

// x86-64: the longest nops first, at most 10 bytes each (36 = 10 + 10 + 10
// + 6, hotalign's padding of nested-loop-placed-by-outer-padding.ll).
TEST(PaddingNops, X86LongestFirst) {
  std::vector<PaddingNop> Nops = paddingNops(false, 36);
  ASSERT_EQ(Nops.size(), 4u);
  EXPECT_EQ(Nops[0].Size, 10u);
  EXPECT_EQ(Nops[3].Size, 6u);
  EXPECT_EQ(bytesOf(false, 1), std::vector<uint8_t>{0x90});
  EXPECT_EQ(bytesOf(false, 3), (std::vector<uint8_t>{0x0f, 0x1f, 0x00}));
  EXPECT_TRUE(paddingNops(false, 0).empty());
}

TEST(PaddingNops, AArch64WordsLittleEndian) {
  EXPECT_EQ(bytesOf(true, 8), (std::vector<uint8_t>{0x1f, 0x20, 0x03, 0xd5,
                                                    0x1f, 0x20, 0x03, 0xd5}));
}

// What hotlayout loops asks of a block: exactly the padding of its size.
TEST(PaddingNops, RecognisesOnlyTheExactPadding) {
  for (uint64_t Size : {1, 2, 9, 10, 11, 36, 63}) {
    std::vector<uint8_t> Code = bytesOf(false, Size);
    EXPECT_TRUE(isPaddingNops(false, Code.data(), Code.size())) << Size;
  }
  // Two 1-byte nops are nops, but not hotalign's 2 bytes (0x66 0x90).
  const uint8_t Two[] = {0x90, 0x90};
  EXPECT_FALSE(isPaddingNops(false, Two, 2));
  // Code that ends in padding is not padding.
  std::vector<uint8_t> Code = {0x48, 0xff, 0xc0};
  std::vector<uint8_t> Pad = bytesOf(false, 3);
  Code.insert(Code.end(), Pad.begin(), Pad.end());
  EXPECT_FALSE(isPaddingNops(false, Code.data(), Code.size()));
  EXPECT_TRUE(isPaddingNops(false, Code.data(), 0))
      << "no bytes: the line-offset form where the code fell in at it";
  std::vector<uint8_t> A64 = bytesOf(true, 8);
  EXPECT_TRUE(isPaddingNops(true, A64.data(), 8));
  EXPECT_FALSE(isPaddingNops(true, A64.data(), 6)) << "not whole words";
  EXPECT_FALSE(isPaddingNops(false, A64.data(), 8)) << "another target's";
}

// The line-offset form, sized by the assembler: 8-byte nops, then one of the
// rest's size (20 bytes: 8 + 8 + 4, as in padding-runs-to-line-offset-only.ll).
TEST(PaddingNops, LineOffsetFormEightByteNopsThenTheRest) {
  std::vector<PaddingNop> Nops = lineOffsetPaddingNops(false, 20);
  ASSERT_EQ(Nops.size(), 3u);
  EXPECT_EQ(Nops[0].Size, 8u);
  EXPECT_EQ(Nops[2].Size, 4u);
  for (uint64_t Size : {1, 7, 8, 9, 20, 63}) {
    std::vector<uint8_t> Code;
    for (const PaddingNop &Nop : lineOffsetPaddingNops(false, Size))
      Code.insert(Code.end(), Nop.Bytes, Nop.Bytes + Nop.Size);
    EXPECT_TRUE(isPaddingNops(false, Code.data(), Code.size())) << Size;
  }
  // 20 bytes as 10 + 10 (paddingNops) or 8 + 8 + 4 both are; 4 + 8 + 8 not.
  std::vector<uint8_t> Reversed;
  for (unsigned Size : {4u, 8u, 8u}) {
    PaddingNop Nop = x86Nop(Size);
    Reversed.insert(Reversed.end(), Nop.Bytes, Nop.Bytes + Nop.Size);
  }
  EXPECT_FALSE(isPaddingNops(false, Reversed.data(), Reversed.size()));
}
