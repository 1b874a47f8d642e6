#include "hotlayout/Support/RangeAlgebra.h"

#include "gtest/gtest.h"

using namespace hotlayout;

TEST(RangeAlgebra, RelatesEqualContainedPartialDisjoint) {
  EXPECT_EQ(relateRanges({0, 64}, {0, 64}), RangeRelation::Equal);
  EXPECT_EQ(relateRanges({0, 64}, {8, 16}), RangeRelation::Contains);
  EXPECT_EQ(relateRanges({8, 16}, {0, 64}), RangeRelation::ContainedIn);
  EXPECT_EQ(relateRanges({0, 32}, {16, 48}), RangeRelation::PartialOverlap);
  EXPECT_EQ(relateRanges({0, 16}, {16, 32}), RangeRelation::Disjoint);
}

TEST(RangeAlgebra, EmptyRangeIsCoveredByAnything) {
  EXPECT_TRUE(rangeCovers({0, 8}, {100, 100}));
  EXPECT_FALSE(rangeCovers({5, 5}, {0, 1}));
}

TEST(RangeAlgebra, CoversNeedsBothEnds) {
  EXPECT_TRUE(rangeCovers({0, 64}, {0, 64}));
  EXPECT_FALSE(rangeCovers({0, 63}, {0, 64}));
  EXPECT_FALSE(rangeCovers({1, 64}, {0, 64}));
}

TEST(RangeAlgebra, CacheLineNeedsKnownAlignment) {
  EXPECT_FALSE(cacheLineOf(10, 16, 64).has_value());
  auto L = cacheLineOf(70, 64, 64);
  ASSERT_TRUE(L.has_value());
  EXPECT_EQ(L->Begin, 64);
  EXPECT_EQ(L->End, 128);
}

TEST(RangeAlgebra, CacheLineFloorsNegativeOffsets) {
  auto L = cacheLineOf(-1, 128, 64);
  ASSERT_TRUE(L.has_value());
  EXPECT_EQ(L->Begin, -64);
  EXPECT_EQ(L->End, 0);
  EXPECT_FALSE(cacheLineOf(0, 64, 48).has_value()) << "not a power of two";
}
