// Verification of apply's output without BOLT: symbol tables made by hand
// stand for the input and the rewritten binary.

#include "hotlayout/Tool/Lock/LockVerify.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace hotlayout;
using namespace llvm;

static const uint8_t Code[512] = {};

struct Sym {
  std::string Name;
  uint64_t Address;
  size_t Size;
};

static std::vector<CodeRange> ranges(std::vector<Sym> Syms) {
  std::vector<CodeRange> R;
  for (const Sym &S : Syms) {
    CodeRange C;
    C.Name = S.Name;
    C.Address = S.Address;
    C.Bytes = ArrayRef<uint8_t>(Code, S.Size);
    R.push_back(std::move(C));
  }
  return R;
}

static LayoutLock lock() {
  LayoutLock L;
  L.Plan.LineSize = 64;
  L.HotTextAlignment = 64;
  L.Plan.Functions = {{"f", "", 0, 100, 128}, {"g", "", 128, 40, 64}};
  return L;
}

/// Placements for every locked function the input has.
static std::vector<Placement> placements(const LayoutLock &L,
                                         const SymbolIndex &In,
                                         const StringMap<uint64_t> &Bodies) {
  return placeFunctions(
      L.Plan, [&](const PlacedFunction &F) { return In.contains(F.Name); },
      Bodies);
}

class LockVerifyTest : public ::testing::Test {
protected:
  LayoutLock L = lock();
  std::vector<CodeRange> InRanges =
      ranges({{"f", 0x1000, 100}, {"g", 0x2000, 40}, {"main", 0x3000, 20}});
  SymbolIndex In{InRanges};
  // f pads 38 bytes to g's offset (128), g (the last, 40 bytes) 24 to the
  // end of its reservation.
  StringMap<uint64_t> Bodies = {{"f", 90}, {"g", 40}};
  std::vector<Placement> P = placements(L, In, Bodies);

  /// Judges an output whose function symbols are \p OutSyms.
  Verification judge(std::vector<Sym> OutSyms) {
    return judgePlacement(L, In, SymbolIndex(ranges(std::move(OutSyms))), P,
                          "prog", Bodies);
  }
};

TEST_F(LockVerifyTest, EveryFunctionAtItsOffsetIsOK) {
  ASSERT_EQ(P[0].Padding, 38u);
  // BOLT emitted f in 90 bytes (+ its 38 of padding: symbol size 128).
  Verification V = judge({{"f", 0x400000, 90 + 38}, {"g", 0x400080, 40}});
  EXPECT_EQ(V.Start, 0x400000u);
  ASSERT_EQ(V.Verdicts.size(), 2u);
  EXPECT_TRUE(V.Verdicts[0].OK);
  EXPECT_TRUE(V.Verdicts[1].OK);
  EXPECT_EQ(V.Verdicts[1].Actual, 128);
  EXPECT_FALSE(V.someMoved());
  EXPECT_EQ(V.Emitted.lookup("f"), 90u);
  EXPECT_EQ(Bodies.lookup("f"), 90u) << "the caller's sizes are left alone";
}

TEST_F(LockVerifyTest, ASizeBoltChangedIsPaddedByNextRun) {
  // BOLT emitted f in 98 bytes: g lands 8 bytes late.
  Verification V = judge({{"f", 0x400000, 98 + 38}, {"g", 0x400088, 40}});
  ASSERT_EQ(V.Verdicts.size(), 2u);
  EXPECT_TRUE(V.Verdicts[0].OK);
  EXPECT_FALSE(V.Verdicts[1].OK);
  EXPECT_TRUE(V.someMoved());
  EXPECT_EQ(V.Emitted.lookup("f"), 98u)
      << "the next run pads by what BOLT emitted";
  EXPECT_EQ(Bodies.lookup("f"), 90u) << "measured, not written back";
}

TEST_F(LockVerifyTest, OverflowNamesTheFunctionThatDidNotFit) {
  // f came out 150 bytes: more than its 128, g is pushed on.
  Verification V = judge({{"f", 0x400000, 150 + 38}, {"g", 0x4000bc, 40}});
  ASSERT_EQ(V.Verdicts.size(), 2u);
  EXPECT_TRUE(V.Verdicts[0].OK);
  EXPECT_FALSE(V.Verdicts[1].OK);
  EXPECT_EQ(V.Verdicts[1].Actual, 188);
  EXPECT_EQ(V.Verdicts[1].Why, "an earlier function did not fit: f takes 150 "
                               "bytes, 128 are locked for it");
  EXPECT_TRUE(V.someMoved()) << "another run with new padding may fix it";
}

TEST_F(LockVerifyTest, FunctionBoltDidNotMoveStaysAndIsSaid) {
  Verification V = judge({{"f", 0x400000, 128}, {"g", 0x2000, 40}});
  ASSERT_EQ(V.Verdicts.size(), 2u);
  EXPECT_TRUE(V.Verdicts[1].Stayed);
  EXPECT_EQ(V.Verdicts[1].Why, "BOLT left it at its input address (it did "
                               "not rewrite it; its space stays empty)");
  EXPECT_FALSE(V.someMoved()) << "another run cannot move it either";
}

TEST_F(LockVerifyTest, FunctionTheInputLacksIsMissing) {
  std::vector<CodeRange> NoG = ranges({{"f", 0x1000, 100}});
  SymbolIndex InNoG(NoG);
  std::vector<Placement> PNoG = placements(L, InNoG, Bodies);
  std::vector<CodeRange> OutRanges = ranges({{"f", 0x400000, 128}});
  Verification V =
      judgePlacement(L, InNoG, SymbolIndex(OutRanges), PNoG, "prog", Bodies);
  ASSERT_EQ(V.Verdicts.size(), 2u);
  EXPECT_FALSE(V.Verdicts[1].Out.has_value());
  EXPECT_EQ(V.Verdicts[1].Why, "not in 'prog'");
}

TEST_F(LockVerifyTest, UnalignedHotTextStartMakesEveryFunctionMoved) {
  Verification V = judge({{"f", 0x400010, 128}, {"g", 0x400090, 64}});
  ASSERT_EQ(V.Verdicts.size(), 2u);
  for (const PlacementVerdict &D : V.Verdicts) {
    EXPECT_FALSE(D.OK);
    EXPECT_EQ(D.Why, "hot text starts at 0x400010, not a multiple of 64");
  }
}

TEST_F(LockVerifyTest, UnlockedFunctionInsideTheHotTextIsAnIntruder) {
  Verification V = judge({{"f", 0x400000, 128},
                          {"main", 0x400080, 20},
                          {"f.cold", 0x400090, 8},
                          {"g", 0x4000c0, 64}});
  EXPECT_EQ(V.Intruders.size(), 1u);
  EXPECT_TRUE(V.Intruders.count("main"));
}
