// The placement and padding arithmetic of `hotlayout apply`, without BOLT:
// llvm-bolt emits each function where the one before it ends (no alignment
// padding of its own) and adds the padding asked for, so the padding after
// a function is the exact gap to the next one's offset plus shift.

#include "hotlayout/Tool/Lock/LockPlacement.h"

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

/// Where BOLT puts the function after one at \p Start that emits
/// \p Emitted bytes plus \p Padding: right after them.
static uint64_t nextStart(uint64_t Start, uint64_t Emitted, uint64_t Padding) {
  return Start + Emitted + Padding;
}

TEST(LockPlacement, PaddingIsTheExactGapToTheNextOffset) {
  LayoutPlan P = plan(
      {{"f", "", 0, 100, 128}, {"g", "", 128, 10, 64}, {"h", "", 192, 40, 64}});
  StringMap<uint64_t> Body = {{"f", 90}, {"g", 10}, {"h", 20}};
  std::vector<Placement> X = placeFunctions(P, everyone, Body);
  ASSERT_EQ(X.size(), 3u);
  EXPECT_EQ(X[0].Locked->Name, "f");
  EXPECT_EQ(X[0].Space, 128u);
  EXPECT_EQ(X[0].Padding, 128u - 90);
  EXPECT_EQ(nextStart(0, 90, X[0].Padding), 128u);
  EXPECT_EQ(X[1].Space, 64u);
  EXPECT_EQ(X[1].Padding, 64u - 10);
  // The last one pads to the end of its reservation.
  EXPECT_EQ(X[2].Space, 64u);
  EXPECT_EQ(X[2].Padding, 64u - 20);
}

// One larger than its space gets no padding (verification then reports
// who did not fit).
TEST(LockPlacement, NoPaddingAfterAFunctionLargerThanItsSpace) {
  LayoutPlan P = plan({{"f", "", 0, 100, 128}, {"g", "", 128, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 128}, {"g", 200}};
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
  EXPECT_EQ(X[0].Padding, 128u - 40);
  EXPECT_EQ(X[1].Locked->Name, "h");
}

// A shift moves a function's start into its line: the padding after the
// one before reaches it, and its own padding shrinks by it. The first
// function is shifted by padding before it.
TEST(LockPlacement, ShiftsAreReachedByThePaddingBefore) {
  LayoutPlan P = plan(
      {{"f", "", 0, 40, 64}, {"g", "", 64, 30, 128}, {"h", "", 192, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 40}, {"g", 30}, {"h", 10}};
  StringMap<uint64_t> Shifts = {{"f", 6}, {"g", 12}, {"h", 20}};
  std::vector<Placement> X = placeFunctions(P, everyone, Body, Shifts);
  ASSERT_EQ(X.size(), 3u);
  EXPECT_EQ(X[0].Shift, 6u);
  EXPECT_EQ(X[0].PaddingBefore, 6u);
  EXPECT_EQ(X[0].Padding, 64u + 12 - 6 - 40);
  EXPECT_EQ(nextStart(6, 40, X[0].Padding), 64u + 12);
  EXPECT_EQ(X[1].PaddingBefore, 0u) << "only the first is padded before";
  EXPECT_EQ(X[1].Padding, 128u + 20 - 12 - 30);
  EXPECT_EQ(X[2].Padding, 64u - 20 - 10);
}

// Without -pad-funcs-before (llvm-bolt 19) the first function cannot be
// shifted (the section alignment places it); the later ones still are.
TEST(LockPlacement, FirstFunctionUnshiftedWithoutPadBefore) {
  LayoutPlan P = plan({{"f", "", 0, 40, 64}, {"g", "", 64, 30, 128}});
  StringMap<uint64_t> Body = {{"f", 40}, {"g", 30}};
  StringMap<uint64_t> Shifts = {{"f", 6}, {"g", 12}};
  std::vector<Placement> X =
      placeFunctions(P, everyone, Body, Shifts, /*ShiftFirst=*/false);
  ASSERT_EQ(X.size(), 2u);
  EXPECT_EQ(X[0].Shift, 0u);
  EXPECT_EQ(X[0].PaddingBefore, 0u);
  EXPECT_EQ(X[0].Padding, 64u + 12 - 40);
  EXPECT_EQ(X[1].Shift, 12u);
}

// A shift the function has no room for is dropped: the next function's
// offset matters more than one function's loops.
TEST(LockPlacement, ShiftWithoutRoomBecomesZero) {
  LayoutPlan P = plan({{"f", "", 0, 60, 64}, {"g", "", 64, 10, 64}});
  StringMap<uint64_t> Body = {{"f", 60}};
  StringMap<uint64_t> Shifts = {{"f", 8}};
  EXPECT_EQ(placeFunctions(P, everyone, Body, Shifts)[0].Shift, 0u);
}
