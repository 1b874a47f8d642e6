// The placement and padding arithmetic of `hotlayout apply`, without BOLT:
// BOLT starts every function on a line (-align-functions) and adds the
// padding asked for after it, so a function lands on its offset when the
// one before it, padding included, ends anywhere in the line before it.

#include "hotlayout/Tool/LockPlacement.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace hotlayout;
using namespace llvm;

static LayoutPlan plan(std::vector<PlacedFunction> Functions) {
  LayoutPlan P;
  P.LineSize = 64;
  P.Functions = std::move(Functions);
  return P;
}

static bool everyone(const PlacedFunction &) { return true; }

/// Where BOLT puts the function after one at \p Offset that emits
/// \p Emitted bytes plus \p Padding: the next line boundary.
static uint64_t nextStart(uint64_t Offset, uint64_t Emitted, uint64_t Padding,
                          uint64_t Line) {
  uint64_t End = Offset + Emitted + Padding;
  return (End + Line - 1) / Line * Line;
}

TEST(LockPlacement, PaddingEndsEachFunctionMidLineBeforeTheNext) {
  LayoutPlan P = plan(
      {{"f", "", 0, 100, 128}, {"g", "", 128, 10, 64}, {"h", "", 192, 40, 64}});
  StringMap<uint64_t> Body = {{"f", 90}, {"g", 10}, {"h", 20}};
  std::vector<Placement> X = placeFunctions(P, everyone, Body);
  ASSERT_EQ(X.size(), 3u);
  EXPECT_EQ(X[0].Locked->Name, "f");
  EXPECT_EQ(X[0].Space, 128u);
  EXPECT_EQ(X[0].Padding, 128u - 32 - 90);
  EXPECT_EQ(X[1].Space, 64u);
  EXPECT_EQ(X[1].Padding, 64u - 32 - 10);
  // The last one pads to the middle of the last line of its reservation.
  EXPECT_EQ(X[2].Space, 64u);
  EXPECT_EQ(X[2].Padding, 64u - 32 - 20);
}

// A function already past the middle of its last line needs no padding,
// and one larger than its space gets none either (verification then
// reports who did not fit).
TEST(LockPlacement, NoPaddingPastMidLine) {
  LayoutPlan P = plan({{"f", "", 0, 100, 128}, {"g", "", 128, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 100}, {"g", 200}};
  std::vector<Placement> X = placeFunctions(P, everyone, Body);
  ASSERT_EQ(X.size(), 2u);
  EXPECT_EQ(X[0].Padding, 0u);
  EXPECT_EQ(X[1].Padding, 0u);
}

// A locked function the binary lacks (or one BOLT will not move) leaves a
// hole: the previous one pads across it so the later ones keep their
// offsets.
TEST(LockPlacement, AbsentFunctionLeavesAHoleThePreviousPadsOver) {
  LayoutPlan P = plan(
      {{"f", "", 0, 40, 64}, {"gone", "", 64, 40, 64}, {"h", "", 128, 40, 64}});
  StringMap<uint64_t> Body = {{"f", 40}, {"h", 40}};
  std::vector<Placement> X = placeFunctions(
      P, [](const PlacedFunction &F) { return F.Name != "gone"; }, Body);
  ASSERT_EQ(X.size(), 2u);
  EXPECT_EQ(X[0].Locked->Name, "f");
  EXPECT_EQ(X[0].Space, 128u);
  EXPECT_EQ(X[0].Padding, 128u - 32 - 40);
  EXPECT_EQ(nextStart(0, 40, X[0].Padding, 64), 128u);
  EXPECT_EQ(X[1].Locked->Name, "h");
}

// The point of aiming at mid-line: BOLT re-encodes code and emits a few
// bytes more or fewer than the body the padding was computed from. Any
// error under half a line still lands the next function on its offset,
// for every body size that fits.
TEST(LockPlacement, HalfALineOfSizeErrorStillLandsTheNextOnItsOffset) {
  const uint64_t Line = 64;
  for (uint64_t Reserved : {64u, 128u, 192u})
    for (uint64_t Body = 0; Body <= Reserved - Line / 2; ++Body) {
      LayoutPlan P =
          plan({{"f", "", 0, Body, Reserved}, {"g", "", Reserved, 10, 64}});
      StringMap<uint64_t> Bodies = {{"f", Body}};
      std::vector<Placement> X = placeFunctions(P, everyone, Bodies);
      for (int64_t Error = -int64_t(Line / 2) + 1; Error < int64_t(Line / 2);
           ++Error) {
        if (int64_t(Body) + Error < 0)
          continue;
        EXPECT_EQ(nextStart(0, Body + Error, X[0].Padding, Line), Reserved)
            << "reserved " << Reserved << ", body " << Body << ", emitted "
            << Body + Error;
      }
    }
}

// A shift moves the function's start into its line (zeros before it); the
// padding after it still ends it mid-line before the next function.
TEST(LockPlacement, ShiftIsPaddedBeforeAndTheAfterPadShrinks) {
  LayoutPlan P = plan({{"f", "", 0, 40, 128}, {"g", "", 128, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 40}, {"g", 10}};
  StringMap<uint64_t> Shifts = {{"f", 14}};
  std::vector<Placement> X = placeFunctions(P, everyone, Body, Shifts);
  ASSERT_EQ(X.size(), 2u);
  EXPECT_EQ(X[0].Shift, 14u);
  EXPECT_EQ(X[0].Padding, 128u - 32 - 14 - 40);
  EXPECT_EQ(nextStart(0, 14 + 40, X[0].Padding, 64), 128u);
  // Negative twin: g has no shift.
  EXPECT_EQ(X[1].Shift, 0u);
}

// A shift the function has no room for is dropped: the next function's
// offset matters more than one function's loops.
TEST(LockPlacement, ShiftWithoutRoomBecomesZero) {
  LayoutPlan P = plan({{"f", "", 0, 60, 64}, {"g", "", 64, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 60}};
  StringMap<uint64_t> Shifts = {{"f", 8}};
  EXPECT_EQ(placeFunctions(P, everyone, Body, Shifts)[0].Shift, 0u);
}

// Without -pad-funcs-before (llvm-bolt 19) every gap is exact: the padding
// after a function reaches the next one's offset plus shift, and the first
// function cannot be shifted (the section alignment places it).
TEST(LockPlacement, ExactGapsReachTheNextShiftedStart) {
  LayoutPlan P = plan(
      {{"f", "", 0, 40, 64}, {"g", "", 64, 30, 128}, {"h", "", 192, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 40}, {"g", 30}, {"h", 10}};
  StringMap<uint64_t> Shifts = {{"f", 6}, {"g", 12}, {"h", 20}};
  std::vector<Placement> X =
      placeFunctions(P, everyone, Body, Shifts, PadMode::ExactGaps);
  ASSERT_EQ(X.size(), 3u);
  EXPECT_EQ(X[0].Shift, 0u);
  EXPECT_EQ(X[0].Padding, 64u + 12 - 40);
  EXPECT_EQ(X[1].Padding, 128u + 20 - 12 - 30);
  EXPECT_EQ(X[2].Padding, 64u - 20 - 10);
}
