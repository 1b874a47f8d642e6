#include "hotlayout/Tool/Lock/LayoutPlan.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace hotlayout;

static const PlacedFunction *find(const LayoutPlan &P, const std::string &N) {
  for (const PlacedFunction &F : P.Functions)
    if (F.Name == N)
      return &F;
  return nullptr;
}

// Every offset on a line, reservations holding the function, sorted, and
// no two reservations overlapping.
static void expectWellFormed(const LayoutPlan &P) {
  for (size_t I = 0; I < P.Functions.size(); ++I) {
    const PlacedFunction &F = P.Functions[I];
    EXPECT_EQ(F.Offset % P.LineSize, 0u) << F.Name;
    EXPECT_EQ(F.Reserved % P.LineSize, 0u) << F.Name;
    EXPECT_GE(F.Reserved, F.Size) << F.Name;
    if (I) {
      EXPECT_GE(F.Offset,
                P.Functions[I - 1].Offset + P.Functions[I - 1].Reserved)
          << P.Functions[I - 1].Name << " overlaps " << F.Name;
    }
  }
}

/// The arithmetic below was worked out with 12% of slack (plan's default
/// until 2026-11-26 made it 6%).
static PlanOptions twelvePercent() {
  PlanOptions O;
  O.SlackPercent = 12;
  return O;
}

TEST(LayoutPlan, DefaultSlackIsSixPercent) {
  EXPECT_EQ(PlanOptions().SlackPercent, 6u);
  EXPECT_EQ(reservedBytes(120, PlanOptions()), 128u); // 120 + 8 -> 128
  EXPECT_EQ(reservedBytes(120, twelvePercent()), 192u);
}

static std::vector<PlanFunction> sample() {
  return {{"cold", "h1", 300, 10},
          {"hot", "h2", 100, 5000},
          {"warm", "h3", 40, 500},
          {"tiny", "h4", 8, 400},
          {"big", "h5", 1000, 6000}};
}

TEST(LayoutPlan, ReservationAddsSlackThenRoundsToTheLine) {
  PlanOptions O = twelvePercent();        // 64 B lines, 12 %
  EXPECT_EQ(reservedBytes(100, O), 128u); // 100 + 12 = 112 -> 128
  EXPECT_EQ(reservedBytes(120, O), 192u); // 120 + 15 = 135 -> 192
  EXPECT_EQ(reservedBytes(64, O), 128u) << "a full line has no slack left";
  EXPECT_EQ(reservedBytes(0, O), 64u) << "every function owns a line";
  O.SlackPercent = 0;
  EXPECT_EQ(reservedBytes(64, O), 64u);
  O.LineSize = 32;
  EXPECT_EQ(reservedBytes(33, O), 64u);
}

TEST(LayoutPlan, SlackAbsorbsTheStatedGrowthForEverySize) {
  PlanOptions O = twelvePercent();
  for (uint64_t S = 1; S < 5000; ++S)
    EXPECT_GE(reservedBytes(S, O), S + S * 12 / 100) << S;
}

TEST(LayoutPlan, FreshPlanIsLineAlignedAndDense) {
  LayoutPlan P = planLayout(sample(), {}, twelvePercent());
  expectWellFormed(P);
  ASSERT_EQ(P.Functions.size(), 5u);
  EXPECT_EQ(P.Functions[0].Offset, 0u);
  // End to end: the plan wastes nothing beyond each reservation.
  uint64_t Sum = 0;
  for (const PlacedFunction &F : P.Functions)
    Sum += F.Reserved;
  EXPECT_EQ(P.size(), Sum);
}

TEST(LayoutPlan, WithoutCallsDenserFunctionsComeFirst) {
  PlanOptions O = twelvePercent();
  LayoutPlan P = planLayout(sample(), {}, O);
  for (size_t I = 1; I < P.Functions.size(); ++I) {
    auto Density = [&](const PlacedFunction &F) {
      for (const PlanFunction &G : sample())
        if (G.Name == F.Name)
          return double(G.Count) / reservedBytes(G.Size, O);
      return 0.0;
    };
    EXPECT_GE(Density(P.Functions[I - 1]), Density(P.Functions[I]))
        << P.Functions[I - 1].Name << " before " << P.Functions[I].Name;
  }
  EXPECT_EQ(P.Functions.front().Name, "hot");
  EXPECT_EQ(P.Functions.back().Name, "cold");
}

TEST(LayoutPlan, CalleeFollowsItsHottestCaller) {
  // Without the edge cold sits last; called 900 times from big, it joins
  // big's cluster right behind it.
  std::vector<PlanCall> Calls = {{"big", "cold", 900}, {"warm", "cold", 5}};
  LayoutPlan P = planLayout(sample(), Calls, twelvePercent());
  expectWellFormed(P);
  const PlacedFunction *Big = find(P, "big"), *Cold = find(P, "cold");
  ASSERT_TRUE(Big && Cold);
  EXPECT_EQ(Cold->Offset, Big->Offset + Big->Reserved);
}

TEST(LayoutPlan, ClusterStopsAtMaxClusterBytes) {
  PlanOptions O = twelvePercent();
  O.MaxClusterBytes = 1024; // big alone reserves 1152
  LayoutPlan P = planLayout(sample(), {{"big", "cold", 900}}, O);
  EXPECT_EQ(P.Functions.back().Name, "cold");
}

TEST(LayoutPlan, DeterministicWhateverTheInputOrder) {
  std::vector<PlanFunction> F = sample();
  F.push_back({"twin", "h6", 100, 5000}); // ties with hot
  std::vector<PlanCall> C = {{"hot", "tiny", 7}, {"twin", "tiny", 7}};
  LayoutPlan A = planLayout(F, C, twelvePercent());
  std::reverse(F.begin(), F.end());
  std::reverse(C.begin(), C.end());
  LayoutPlan B = planLayout(F, C, twelvePercent());
  ASSERT_EQ(A.Functions.size(), B.Functions.size());
  for (size_t I = 0; I < A.Functions.size(); ++I) {
    EXPECT_EQ(A.Functions[I].Name, B.Functions[I].Name);
    EXPECT_EQ(A.Functions[I].Offset, B.Functions[I].Offset);
  }
  // The tie between the two callers goes to the smaller name.
  const PlacedFunction *Hot = find(A, "hot"), *Tiny = find(A, "tiny");
  EXPECT_EQ(Tiny->Offset, Hot->Offset + Hot->Reserved);
}

TEST(LayoutPlan, UpdateKeepsOffsetsOfUnchangedAndGrownWithinSlack) {
  LayoutPlan Old = planLayout(sample(), {}, twelvePercent());
  std::vector<PlanFunction> F = sample();
  F[1].Size = 112; // hot: 100 -> 112, reservation 128
  F[1].Hash = "edited";
  PlanUpdate U = updateLayout(Old, F, {}, twelvePercent());
  expectWellFormed(U.Plan);
  EXPECT_EQ(U.Kept.size(), 5u);
  EXPECT_EQ(U.Edited, std::vector<std::string>{"hot"});
  EXPECT_TRUE(U.Moved.empty() && U.Added.empty() && U.Removed.empty());
  for (const PlacedFunction &P : Old.Functions) {
    const PlacedFunction *Q = find(U.Plan, P.Name);
    ASSERT_TRUE(Q);
    EXPECT_EQ(Q->Offset, P.Offset) << P.Name;
    EXPECT_EQ(Q->Reserved, P.Reserved) << P.Name;
  }
  EXPECT_EQ(find(U.Plan, "hot")->Size, 112u);
  EXPECT_EQ(find(U.Plan, "hot")->Hash, "edited");
}

TEST(LayoutPlan, UpdateMovesWhatOutgrewItsReservationAndSaysWhy) {
  LayoutPlan Old = planLayout(sample(), {}, twelvePercent());
  std::vector<PlanFunction> F = sample();
  F[1].Size = 200; // hot: reservation 128
  PlanUpdate U = updateLayout(Old, F, {}, twelvePercent());
  expectWellFormed(U.Plan);
  ASSERT_EQ(U.Moved.size(), 1u);
  EXPECT_EQ(U.Moved[0].Name, "hot");
  EXPECT_EQ(U.Moved[0].Reason, "grew from 100 to 200 bytes, reservation 128");
  EXPECT_EQ(U.Moved[0].OldOffset, find(Old, "hot")->Offset);
  // Nothing after it moved: it went to the end.
  EXPECT_EQ(U.Moved[0].NewOffset, Old.size());
  for (const PlacedFunction &P : Old.Functions)
    if (P.Name != "hot") {
      EXPECT_EQ(find(U.Plan, P.Name)->Offset, P.Offset) << P.Name;
    }
}

TEST(LayoutPlan, NewFunctionFillsTheFirstHoleThatFits) {
  LayoutPlan Old = planLayout(sample(), {}, twelvePercent());
  uint64_t Hole = find(Old, "warm")->Offset; // one line
  std::vector<PlanFunction> F = sample();
  F.erase(F.begin() + 2);                // warm removed
  F.push_back({"fresh", "h9", 30, 50});  // needs one line
  F.push_back({"large", "h8", 500, 60}); // fits no hole
  PlanUpdate U = updateLayout(Old, F, {}, twelvePercent());
  expectWellFormed(U.Plan);
  EXPECT_EQ(U.Removed, std::vector<std::string>{"warm"});
  EXPECT_EQ(U.Added.size(), 2u);
  EXPECT_EQ(find(U.Plan, "fresh")->Offset, Hole);
  EXPECT_EQ(find(U.Plan, "large")->Offset, Old.size());
}

TEST(LayoutPlan, UpdateKeepsTheOldLineSize) {
  PlanOptions O32 = twelvePercent();
  O32.LineSize = 32;
  LayoutPlan Old = planLayout(sample(), {}, O32);
  std::vector<PlanFunction> F = sample();
  F.push_back({"fresh", "h9", 30, 50});
  PlanUpdate U = updateLayout(Old, F, {}, twelvePercent());
  EXPECT_EQ(U.Plan.LineSize, 32u);
  expectWellFormed(U.Plan);
  EXPECT_EQ(find(U.Plan, "fresh")->Reserved, 64u); // 30 + 4 -> 2 x 32
}

// A shift belongs to the code: a kept function whose code hash is the one
// the old lock recorded keeps the old shift (its hot loops keep their
// addresses whatever this build's profile says); an edited one gets this
// build's.
TEST(LayoutPlan, UpdateKeepsTheShiftOfUnchangedCode) {
  LayoutPlan Old = planLayout(sample(), {}, twelvePercent());
  for (PlacedFunction &F : Old.Functions)
    if (F.Name == "hot" || F.Name == "warm") {
      F.Shift = 14;
      F.EmittedSize = F.Size;
      F.CodeHash = "c0de-" + F.Name;
    }
  std::vector<PlanFunction> F = sample();
  for (PlanFunction &N : F) {
    N.CodeHash = "c0de-" + N.Name;
    N.Shift = 6; // What this build's compiler placement asks.
  }
  F[2].CodeHash = "edited"; // warm
  PlanUpdate U = updateLayout(Old, F, {}, twelvePercent());
  const PlacedFunction *Hot = find(U.Plan, "hot");
  ASSERT_TRUE(Hot);
  EXPECT_EQ(Hot->Shift, std::optional<uint64_t>(14));
  EXPECT_EQ(Hot->EmittedSize, 100u);
  EXPECT_EQ(Hot->CodeHash, "c0de-hot");
  EXPECT_TRUE(Hot->InputLayout);
  // Negative twin: the edited function takes this build's shift.
  EXPECT_EQ(find(U.Plan, "warm")->Shift, std::optional<uint64_t>(6));
  EXPECT_EQ(find(U.Plan, "warm")->CodeHash, "edited");
}

// Plan reserves room for a function's shift as well as its size.
TEST(LayoutPlan, ReservationHoldsTheShift) {
  PlanOptions O = twelvePercent();
  EXPECT_EQ(reservedBytes(100, O, 20), 192u); // 20 + 100 + 12 = 132 -> 192
  EXPECT_EQ(reservedBytes(100, O, 0), 128u);
  std::vector<PlanFunction> F = {{"f", "h", 100, 10}};
  F[0].Shift = 20;
  LayoutPlan P = planLayout(F, {}, O);
  ASSERT_EQ(P.Functions.size(), 1u);
  EXPECT_EQ(P.Functions[0].Reserved, 192u);
  EXPECT_EQ(P.Functions[0].Shift, std::optional<uint64_t>(20));
  EXPECT_TRUE(P.Functions[0].InputLayout);
}

// An update whose shift no longer fits the reservation moves the function.
TEST(LayoutPlan, UpdateMovesAFunctionWhoseShiftNoLongerFits) {
  LayoutPlan Old =
      planLayout({{"f", "h", 100, 10}, {"g", "h", 10, 5}}, {}, twelvePercent());
  std::vector<PlanFunction> F = {{"f", "h", 100, 10}, {"g", "h", 10, 5}};
  F[0].Shift = 40; // 40 + 100 > 128
  PlanUpdate U = updateLayout(Old, F, {}, twelvePercent());
  ASSERT_EQ(U.Moved.size(), 1u);
  EXPECT_EQ(U.Moved[0].Name, "f");
  EXPECT_EQ(U.Moved[0].Reason, "grew from 100 to 100 bytes at shift 40, "
                               "reservation 128");
}
