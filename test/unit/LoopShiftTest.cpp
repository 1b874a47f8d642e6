// The shift arithmetic of hot-loop placement (LoopShift.h), without BOLT.

#include "hotlayout/Tool/Lock/LoopShift.h"

#include "gtest/gtest.h"

using namespace hotlayout;

static HotLoopBytes loop(uint64_t Start, uint64_t End, uint64_t Taken) {
  HotLoopBytes L;
  L.Bytes.push_back({Start, End});
  L.Taken = Taken;
  L.Head = Start;
  return L;
}

TEST(LoopShift, ChoosesTheSmallestEvenShiftThatFitsTheLoop) {
  // 20 bytes at 50: straddles at 0; fits from shift 14 (64-50) on.
  ShiftChoice C = chooseShift({loop(50, 70, 1000)}, 63, 64, 2);
  EXPECT_EQ(C.Shift, 14u);
  EXPECT_EQ(C.Cost, 0u);
  EXPECT_EQ(C.CostAtZero, 1000u);
  EXPECT_EQ(C.Straddling, 0u);
}

TEST(LoopShift, LoopOnItsFewestLinesStaysUnshifted) {
  // Negative twin: nothing to gain, so no padding.
  ShiftChoice C = chooseShift({loop(8, 40, 1000)}, 63, 64, 2);
  EXPECT_EQ(C.Shift, 0u);
  EXPECT_EQ(C.Cost, 0u);
}

TEST(LoopShift, ConflictingLoopsGetTheCountWeightedCompromise) {
  // A [50,70) fits one line at shifts 14..58, B [124,180) (56 bytes) at
  // 4..12 only: no shift fixes both.
  HotLoopBytes A = loop(50, 70, 10), B = loop(124, 180, 1000);
  ShiftChoice C = chooseShift({A, B}, 63, 64, 2);
  // The hotter B wins, at its smallest fitting shift.
  EXPECT_EQ(C.Shift, 4u);
  EXPECT_EQ(C.Cost, 10u);
  EXPECT_EQ(C.Straddling, 1u);
  // With the weights swapped, A's fix wins.
  A.Taken = 1000;
  B.Taken = 10;
  C = chooseShift({A, B}, 63, 64, 2);
  EXPECT_EQ(C.Shift, 14u);
  EXPECT_EQ(C.Cost, 10u);
}

TEST(LoopShift, OddOnlyFixIsReportedAsAlignmentLimited) {
  // 64 bytes at 11: one line only at shift 53.
  ShiftChoice C = chooseShift({loop(11, 75, 100)}, 63, 64, 2);
  EXPECT_EQ(C.Cost, 100u);
  EXPECT_TRUE(C.AlignmentLimited);
  EXPECT_FALSE(C.RoomLimited);
  EXPECT_EQ(chooseShift({loop(11, 75, 100)}, 63, 64, 1).Shift, 53u);
}

TEST(LoopShift, ShiftStaysWithinTheRoomLeft) {
  ShiftChoice C = chooseShift({loop(50, 70, 1000)}, 8, 64, 2);
  EXPECT_EQ(C.Shift, 0u);
  EXPECT_TRUE(C.RoomLimited);
}

TEST(LoopShift, LoopLargerThanItsLinesCostsNothingExtra) {
  // 200 bytes: at best 4 lines; shift 0 touches 4 (0..199): nothing to do.
  ShiftChoice C = chooseShift({loop(0, 200, 1000)}, 63, 64, 2);
  EXPECT_EQ(C.Cost, 0u);
  EXPECT_EQ(C.Shift, 0u);
}
