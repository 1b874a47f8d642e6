#include "hotlayout/Support/AlignmentPlan.h"
#include "hotlayout/Support/CacheLines.h"

#include "gtest/gtest.h"

using namespace hotlayout;

// What `.p2align log2(L), , K` does at offset R: pad to the next line when
// that takes at most K bytes.
static uint64_t startAfterAssembler(uint64_t R, uint64_t L, uint64_t K) {
  uint64_t Pad = (L - R % L) % L;
  return Pad != 0 && Pad <= K ? R + Pad : R;
}

// For every span size up to four lines and every start offset: the planned
// max-skip reaches the minimum line count, and pads only where the span
// would otherwise touch an extra line.
TEST(AlignmentPlan, PadsExactlyWhenNeededAtEveryOffset) {
  for (uint64_t L : {32u, 64u, 128u})
    for (uint64_t S = 1; S <= 4 * L; ++S) {
      SpanPlan Plan = planSpanAlignment(S, L, /*MaxPad=*/L);
      ASSERT_FALSE(Plan.Capped);
      for (uint64_t R = 0; R < L; ++R) {
        uint64_t Start = startAfterAssembler(R, L, Plan.MaxSkip);
        EXPECT_EQ(linesTouched(Start, S, L), minLinesFor(S, L))
            << "L=" << L << " S=" << S << " R=" << R;
        bool AlreadyMinimal = linesTouched(R, S, L) == minLinesFor(S, L);
        EXPECT_EQ(Start == R, AlreadyMinimal)
            << "padded although it fitted: L=" << L << " S=" << S << " R=" << R;
      }
    }
}

TEST(AlignmentPlan, SmallSpanSkipsOneLessThanItsSize) {
  EXPECT_EQ(planSpanAlignment(24, 64, 64).MaxSkip, 23u);
  EXPECT_EQ(planSpanAlignment(1, 64, 64).MaxSkip, 0u) << "1 byte never crosses";
  EXPECT_EQ(planSpanAlignment(64, 64, 64).MaxSkip, 63u);
  EXPECT_EQ(planSpanAlignment(100, 64, 64).MaxSkip, 35u);
}

TEST(AlignmentPlan, CapLimitsPaddingAndSaysSo) {
  SpanPlan Plan = planSpanAlignment(40, 64, 16);
  EXPECT_EQ(Plan.MaxSkip, 16u);
  EXPECT_TRUE(Plan.Capped);
  EXPECT_FALSE(planSpanAlignment(10, 64, 16).Capped);
}

// Line-start mode: every start offset lands on a line start, whatever the
// span's size; a cap below line - 1 leaves some offsets unpadded and says so.
TEST(AlignmentPlan, LineStartPadsEveryOffsetToTheLine) {
  for (uint64_t L : {16u, 64u, 128u}) {
    SpanPlan Plan = planLineStart(L, /*MaxPad=*/L - 1);
    EXPECT_EQ(Plan.MaxSkip, L - 1);
    EXPECT_FALSE(Plan.Capped);
    for (uint64_t R = 0; R < L; ++R)
      EXPECT_EQ(startAfterAssembler(R, L, Plan.MaxSkip) % L, 0u)
          << "L=" << L << " R=" << R;
  }
  SpanPlan Capped = planLineStart(64, 20);
  EXPECT_EQ(Capped.MaxSkip, 20u);
  EXPECT_TRUE(Capped.Capped);
  EXPECT_EQ(planLineStart(64, 0).MaxSkip, 0u);
}

// One interval from the block's start is a span: the same max-skip.
TEST(AlignmentPlan, HotBytesOfOneIntervalPlanLikeASpan) {
  for (uint64_t L : {32u, 64u, 128u})
    for (uint64_t S = 1; S <= 4 * L; ++S) {
      SpanPlan Span = planSpanAlignment(S, L, L);
      SpanPlan Bytes = planHotBytesAlignment({{0, S}}, L, L);
      EXPECT_EQ(Bytes.MaxSkip, Span.MaxSkip) << "L=" << L << " S=" << S;
      EXPECT_FALSE(Bytes.LineStartNotBest);
    }
}

// Hot bytes with a cold block between them: at every start offset the
// assembler's result touches the fewest lines the bytes can, and it pads only
// where they would touch more.
TEST(AlignmentPlan, HotBytesWithAColdHolePadExactlyWhenNeeded) {
  const uint64_t L = 64;
  std::vector<ByteInterval> Bytes = {{0, 20}, {52, 70}};
  SpanPlan Plan = planHotBytesAlignment(Bytes, L, L - 1);
  ASSERT_FALSE(Plan.LineStartNotBest);
  uint64_t Best = minLinesOverShifts(Bytes, L);
  EXPECT_EQ(Best, 2u);
  for (uint64_t R = 0; R < L; ++R) {
    uint64_t Start = startAfterAssembler(R, L, Plan.MaxSkip);
    EXPECT_EQ(linesTouchedAt(Bytes, Start % L, L), Best) << "R=" << R;
    EXPECT_EQ(Start == R, linesTouchedAt(Bytes, R, L) == Best) << "R=" << R;
  }
}

// [0, 1) and [65, 129): at a line start they touch 3 lines, shifted by 63
// only 2. No max-skip before the block can reach that: say so, pad nothing.
TEST(AlignmentPlan, HotBytesThatALineStartCannotHelpAreLeft) {
  SpanPlan Plan = planHotBytesAlignment({{0, 1}, {65, 129}}, 64, 63);
  EXPECT_TRUE(Plan.LineStartNotBest);
  EXPECT_EQ(Plan.MaxSkip, 0u);
  EXPECT_EQ(planHotBytesAlignment({}, 64, 63).MaxSkip, 0u);
}

// Blocks honour their own alignment at every start: a 16-aligned block after
// 10 bytes sits at 16 from a line start, at 32 from a start of 20.
TEST(AlignmentPlan, BlockStartsHonourEachBlocksAlignment) {
  std::vector<LaidOutBlock> Blocks = {{1, 0, 10}, {16, 0, 4}, {1, 0, 8}};
  EXPECT_EQ(blockStarts(Blocks, 0), (std::vector<uint64_t>{0, 16, 20}));
  EXPECT_EQ(blockStarts(Blocks, 20), (std::vector<uint64_t>{20, 32, 36}));
  // A max-skip below the padding needed leaves the block where it falls.
  Blocks[1].MaxSkip = 4;
  EXPECT_EQ(blockStarts(Blocks, 0), (std::vector<uint64_t>{0, 10, 14}));
}

// An outer loop of 44 bytes holding a 21-byte inner loop at 44: from a line
// start the inner loop crosses the line; the starts that put both on their
// fewest lines are 20..52 (outer [K, K+76) on 2 lines, inner [K+44, K+65)
// on 1), and the middle one, 36, leaves 16 bytes of estimate error either
// way (lz4: the smallest, 20, put an estimate that was 1 byte long at the
// run's edge, and the real loop across a line).
TEST(AlignmentPlan, LineOffsetFitsTheNestedLoopWithMargin) {
  std::vector<LaidOutBlock> Blocks = {{1, 0, 44}, {1, 0, 21}, {1, 0, 11}};
  std::vector<PlacedLoop> Loops = {{{0, 1, 2}, 100000}, {{1}, 300000}};
  uint64_t Cost = 1;
  EXPECT_EQ(chooseLineOffset(Blocks, Loops, 64, 1, Cost), 36u);
  EXPECT_EQ(Cost, 0u);
  // Twin: a 19-byte inner loop also fits from a line start, but only at
  // 0 and 1 there (outer up to 54, inner up to 1 or from 20): the middle
  // of 20..54 is the start with the most room.
  Blocks[1].Bytes = 19;
  EXPECT_EQ(chooseLineOffset(Blocks, Loops, 64, 1, Cost), 37u);
  EXPECT_EQ(Cost, 0u);
  // A 4-byte step (AArch64) chooses among multiples of 4 only.
  EXPECT_EQ(chooseLineOffset(Blocks, Loops, 64, 4, Cost) % 4, 0u);
  // Fits at every start: no padding. An 8-byte loop fits at 0..56: 28.
  std::vector<LaidOutBlock> Small = {{1, 0, 1}};
  std::vector<PlacedLoop> One = {{{0}, 10}};
  EXPECT_EQ(chooseLineOffset(Small, One, 64, 1, Cost), 0u);
  Small[0].Bytes = 8;
  EXPECT_EQ(chooseLineOffset(Small, One, 64, 1, Cost), 28u);
}

// The code before a nested loop may be shorter than its estimate (upper
// bounds): the outer loop of 76 bytes and its 21-byte inner loop at 44 fit
// from starts 20..52; when the
// real code may put it up to 16 bytes earlier, only 36..52 fit whatever
// it is (their middle, 44), and 40 bytes of doubt leave no start that fits
// every case (zopfli's EncodeTree: fitted by the estimate, across a line
// in the binary).
TEST(AlignmentPlan, LineOffsetFitsEveryStartTheEstimateAllows) {
  std::vector<LaidOutBlock> Blocks = {{1, 0, 44}, {1, 0, 21}, {1, 0, 11}};
  std::vector<PlacedLoop> Loops = {{{0, 1, 2}, 100000}, {{1}, 300000}};
  uint64_t Cost = 1;
  Loops[1].EarlierBy = 16;
  EXPECT_EQ(chooseLineOffset(Blocks, Loops, 64, 1, Cost), 44u);
  EXPECT_EQ(Cost, 0u);
  Loops[1].EarlierBy = 40;
  chooseLineOffset(Blocks, Loops, 64, 1, Cost);
  EXPECT_GT(Cost, 0u);
  // Twin: no doubt, the middle of 20..52.
  Loops[1].EarlierBy = 0;
  EXPECT_EQ(chooseLineOffset(Blocks, Loops, 64, 1, Cost), 36u);
  EXPECT_EQ(Cost, 0u);
}
