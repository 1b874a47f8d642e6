#include "hotlayout/Support/HotLoopRules.h"

#include "gtest/gtest.h"

using namespace hotlayout;

TEST(HotLoopRules, IteratesNeedsTwoTakenPerEntry) {
  EXPECT_TRUE(loopIterates(200, 100));
  EXPECT_FALSE(loopIterates(199, 100)) << "under 2 iterations per entry";
  EXPECT_TRUE(loopIterates(2, 0)) << "unknown entries count as one";
  EXPECT_FALSE(loopIterates(1, 0));
}

TEST(HotLoopRules, HotBytesRunOnAnEighthOfIterations) {
  EXPECT_TRUE(isHotByte(125, 1000));
  EXPECT_FALSE(isHotByte(124, 1000)) << "runs on less than 1/8";
  EXPECT_TRUE(isHotByte(126, 1001)) << "1001 / 8 rounds up";
  EXPECT_FALSE(isHotByte(125, 1001));
}

// hotalign passes block frequencies, which can be near 2^64: no product may
// wrap around.
TEST(HotLoopRules, RulesHoldNearTheTopOfUint64) {
  const uint64_t Max = UINT64_MAX;
  EXPECT_TRUE(isHotByte(Max / 8 + 1, Max));
  EXPECT_FALSE(isHotByte(Max / 8, Max));
  EXPECT_TRUE(isHotByte(0, 0)) << "a loop never taken: every block is hot";
  EXPECT_TRUE(loopIterates(Max, Max / 2));
  EXPECT_FALSE(loopIterates(Max / 2, Max / 2 + 1));
}

TEST(HotLoopRules, TightLoopsHaveAtMost256HotBytes) {
  EXPECT_TRUE(isTightLoop(256));
  EXPECT_FALSE(isTightLoop(257)) << "over four lines of hot bytes";
}

TEST(HotLoopRules, MergeSortsJoinsAndDropsEmpty) {
  std::vector<ByteInterval> M =
      mergeIntervals({{20, 30}, {0, 10}, {10, 12}, {40, 40}, {25, 35}});
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(M[0], (ByteInterval{0, 12}));
  EXPECT_EQ(M[1], (ByteInterval{20, 35}));
}

TEST(HotLoopRules, LinesOfSeveralIntervalsCountSharedLinesOnce) {
  // [60, 70) touches lines 0 and 1; [100, 130) lines 1 and 2.
  EXPECT_EQ(linesTouchedAt({{60, 70}, {100, 130}}, 0, 64), 3u);
  EXPECT_EQ(linesTouchedAt({{60, 70}, {100, 130}}, 4, 64), 2u);
}

TEST(HotLoopRules, LinesOfUnmergedIntervalsAreThoseOfTheirMerge) {
  // Unsorted, overlapping, touching and empty intervals count as their
  // merge [0, 70), [100, 130): no line twice, the empty one none.
  std::vector<ByteInterval> Raw = {
      {100, 130}, {0, 64}, {60, 70}, {64, 66}, {200, 200}};
  std::vector<ByteInterval> Merged = mergeIntervals(Raw);
  for (uint64_t Shift : {0, 4, 30, 63}) {
    EXPECT_EQ(linesTouchedAt(Raw, Shift, 64), linesTouchedAt(Merged, Shift, 64))
        << "shift " << Shift;
  }
  EXPECT_EQ(linesTouchedAt(Raw, 0, 64), 3u);
  // An interval inside another adds no line.
  EXPECT_EQ(linesTouchedAt({{0, 200}, {10, 20}}, 0, 64), 4u);
}

TEST(HotLoopRules, MinLinesIsOverShiftsOfAllIntervalsTogether) {
  // Two 8-byte pieces 100 bytes apart: no shift puts both on one line,
  // though each alone fits anywhere aligned.
  std::vector<ByteInterval> Far = {{0x1000, 0x1008}, {0x1064, 0x106c}};
  EXPECT_EQ(minLinesOverShifts(Far, 64), 2u);
  // 12 bytes at 0x3a straddle; 6 bytes later they fit one line.
  std::vector<ByteInterval> Near = {{0x3a, 0x40}, {0x40, 0x46}};
  EXPECT_EQ(linesTouchedAt(Near, 0, 64), 2u);
  EXPECT_EQ(minLinesOverShifts(Near, 64), 1u);
  EXPECT_EQ(minLinesOverShifts({}, 64), 0u);
}

TEST(HotLoopRules, MinLinesMatchesCacheLinesForOneSpan) {
  for (uint64_t Size = 1; Size <= 200; Size += 7)
    EXPECT_EQ(minLinesOverShifts({{0x105, 0x105 + Size}}, 64), (Size + 63) / 64)
        << "Size=" << Size;
}

TEST(HotLoopRules, CoverageCutKeepsTiesAndNeedsIteratingAndMinCount) {
  // 1000 + 10 crosses 99% of 1020; the other loop taken 10 times is tied
  // with the last one chosen, so it is hot too.
  std::vector<LoopTaken> Tied = {{1000, true}, {10, true}, {10, true}};
  EXPECT_EQ(markHotLoops(Tied, 1, 0.99), (std::vector<bool>{true, true, true}));
  EXPECT_EQ(markHotLoops(Tied, 1, 0.9),
            (std::vector<bool>{true, false, false}));
  // Under the noise floor, or not iterating: never hot, even inside the cut;
  // the loop that does not iterate adds nothing to the total.
  std::vector<LoopTaken> Mixed = {{1000, true}, {99, true}, {5000, false}};
  EXPECT_EQ(markHotLoops(Mixed, 100, 1.0),
            (std::vector<bool>{true, false, false}));
  EXPECT_EQ(markHotLoops({}, 100, 0.99), std::vector<bool>{});
}
