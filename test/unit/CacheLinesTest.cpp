#include "hotlayout/Support/CacheLines.h"

#include "gtest/gtest.h"

#include <cstdint>

using namespace hotlayout;

TEST(CacheLines, EmptySpanTouchesNothing) {
  EXPECT_EQ(linesTouched(0x40, 0, 64), 0u);
  EXPECT_EQ(minLinesFor(0, 64), 0u);
}

TEST(CacheLines, SpanInsideOneLine) {
  EXPECT_EQ(linesTouched(0x40, 64, 64), 1u) << "exactly one full line";
  EXPECT_EQ(linesTouched(0x76, 10, 64), 1u) << "ends on the last byte";
  EXPECT_EQ(minLinesFor(10, 64), 1u);
}

TEST(CacheLines, SpanCrossingOneBoundary) {
  EXPECT_EQ(linesTouched(0x77, 10, 64), 2u) << "one byte past the line";
  EXPECT_EQ(linesTouched(0x41, 64, 64), 2u);
}

TEST(CacheLines, PadToNextLineBelowSizeMeansCrossing) {
  // The hotalign rule: a span of S <= Line bytes crosses exactly when the pad
  // to the next line boundary is smaller than S.
  const uint64_t Line = 64;
  for (uint64_t S = 1; S <= Line; ++S)
    for (uint64_t Off = 0; Off < Line; ++Off) {
      uint64_t Pad = (Line - Off) % Line;
      bool Crosses = Pad != 0 && Pad < S;
      EXPECT_EQ(linesTouched(0x1000 + Off, S, Line) > minLinesFor(S, Line),
                Crosses)
          << "S=" << S << " Off=" << Off;
    }
}

TEST(CacheLines, LongSpans) {
  EXPECT_EQ(minLinesFor(65, 64), 2u);
  EXPECT_EQ(minLinesFor(128, 64), 2u);
  EXPECT_EQ(linesTouched(0, 128, 64), 2u);
  EXPECT_EQ(linesTouched(1, 128, 64), 3u);
  EXPECT_EQ(linesTouched(63, 66, 64), 3u) << "minimum would be 2";
}

TEST(CacheLines, DecodedUopWindowOf32) {
  EXPECT_EQ(linesTouched(0x1c, 10, 32), 2u);
  EXPECT_EQ(linesTouched(0x1c, 10, 64), 1u);
  EXPECT_EQ(minLinesFor(33, 32), 2u);
}

TEST(CacheLines, TopOfAddressSpaceDoesNotOverflow) {
  EXPECT_EQ(linesTouched(UINT64_MAX - 9, 10, 64), 1u);
  EXPECT_EQ(linesTouched(UINT64_MAX - 64, 65, 64), 2u);
  EXPECT_EQ(minLinesFor(UINT64_MAX, 64), UINT64_MAX / 64 + 1);
}
