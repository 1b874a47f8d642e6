// The stopping rule of `hotlayout ab --ci-target` on synthetic timings: no
// clock anywhere, the seconds are numbers the tests choose.

#include "hotlayout/Tool/ABStopping.h"

#include "ABSimulation.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace hotlayout::ab;
using namespace hotlayout::ab::test;

namespace {
/// Every run takes 0.5 s, a new seed's two layouts 4 s.
RunCosts costs() {
  RunCosts C;
  C.RunSeconds = 0.5;
  C.LayoutSeconds = 4;
  return C;
}

StopGoal goal(double Target, double MaxSeconds = 600) {
  StopGoal G;
  G.Target = Target;
  G.MaxSeconds = MaxSeconds;
  return G;
}

StopDecision decide(const SideSamples &A, const SideSamples &B, double Elapsed,
                    const StopGoal &G, const RunCosts &C = costs(),
                    unsigned Pending = 0) {
  StopState Now;
  Now.ElapsedSeconds = Elapsed;
  Now.PendingLayouts = Pending;
  std::string Why;
  auto D = decideNext(A, B, Now, G, C, StatsOptions(), Why);
  EXPECT_TRUE(D) << Why;
  return D.value_or(StopDecision());
}

/// K seeds whose every round is B = A x exp(noise): run noise only, the
/// same layout on both sides.
Experiment runNoiseOnly(Random &R, unsigned K, unsigned Rounds, double Sigma) {
  Experiment E;
  E.A.assign(K, std::vector<double>(Rounds, 1.0));
  E.B.assign(K, {});
  for (unsigned S = 0; S < K; ++S)
    for (unsigned I = 0; I < Rounds; ++I)
      E.B[S].push_back(std::exp(Sigma * R.normal()));
  return E;
}

/// K seeds, each with its own fixed effect exp(Sigma z) and no run noise:
/// everything is between layouts.
Experiment layoutsOnly(Random &R, unsigned K, unsigned Rounds, double Sigma) {
  Experiment E;
  for (unsigned S = 0; S < K; ++S) {
    double Effect = std::exp(Sigma * R.normal());
    E.A.push_back(std::vector<double>(Rounds, 1.0));
    E.B.push_back(std::vector<double>(Rounds, Effect));
  }
  return E;
}
} // namespace

// Narrow enough: stop, reached. The twin asks for a narrower interval than
// these runs give and is not done.
TEST(ABStopping, StopsWhenTheTargetIsReached) {
  Random R(1);
  Experiment E = runNoiseOnly(R, 8, 20, 0.01);
  StopDecision D = decide(E.A, E.B, 60, goal(0.05));
  EXPECT_EQ(D.Action, StopAction::Reached);
  EXPECT_LE(D.HalfWidth, 0.05);
  EXPECT_FALSE(D.ToTarget);

  StopDecision Not = decide(E.A, E.B, 60, goal(D.HalfWidth / 2));
  EXPECT_NE(Not.Action, StopAction::Reached);
}

// Run noise only and layouts that cost as much as 60 runs: more rounds
// narrow the interval, more layouts of the same (there is no
// between-layout part) mostly cost, so the plan keeps K and ab adds a
// round. The chi-square test of step 2 takes one sample of pure noise in
// 20 for a layout effect: of 20 samples, at least 17 add a round.
TEST(ABStopping, RunNoiseWithDearLayoutsAddsRounds) {
  RunCosts C = costs();
  C.LayoutSeconds = 30;
  unsigned Rounds = 0;
  for (uint64_t Seed = 1; Seed <= 20; ++Seed) {
    Random R(Seed);
    Experiment E = runNoiseOnly(R, 8, 10, 0.05);
    StopDecision D = decide(E.A, E.B, 60, goal(0.01, 1e9), C);
    if (D.Action != StopAction::AddRound)
      continue;
    ++Rounds;
    EXPECT_EQ(D.Split.Between, 0);
    EXPECT_GT(D.Split.RoundNoise, 0);
    ASSERT_TRUE(D.ToTarget);
    EXPECT_EQ(D.ToTarget->Layouts, 8u);
    EXPECT_DOUBLE_EQ(D.ToTarget->Seconds,
                     D.ToTarget->MoreRounds * 16 * C.RunSeconds);
  }
  EXPECT_GE(Rounds, 17u);
}

// The same runs with layouts that cost nothing: more layouts win even on
// run noise alone, since the interval's t quantile falls with their
// number (2.36 at 8 layouts, 2.04 at 32).
TEST(ABStopping, FreeLayoutsWinOnDegreesOfFreedom) {
  Random R(1);
  Experiment E = runNoiseOnly(R, 8, 10, 0.05);
  RunCosts C = costs();
  C.LayoutSeconds = 0;
  StopDecision D = decide(E.A, E.B, 60, goal(0.01, 1e9), C);
  EXPECT_EQ(D.Action, StopAction::AddLayouts);
  ASSERT_TRUE(D.ToTarget);
  EXPECT_GT(D.ToTarget->Layouts, 8u);
}

// Layouts that differ among themselves and no run noise: rounds change
// nothing, so ab adds layouts, at most K/2 at a time, even when each
// costs as much as 60 runs.
TEST(ABStopping, SpreadBetweenLayoutsAddsLayouts) {
  Random R(3);
  Experiment E = layoutsOnly(R, 8, 10, 0.03);
  RunCosts C = costs();
  C.LayoutSeconds = 30;
  StopDecision D = decide(E.A, E.B, 60, goal(0.015, 1e9), C);
  EXPECT_EQ(D.Action, StopAction::AddLayouts);
  EXPECT_GE(D.NewLayouts, 1u);
  EXPECT_LE(D.NewLayouts, 4u);
  ASSERT_TRUE(D.ToTarget);
  EXPECT_GT(D.ToTarget->Layouts, 8u);
  EXPECT_GT(D.Split.Between, 0);
  EXPECT_LT(D.Split.RoundNoise, 1e-20);
}

// Layouts added earlier that do not count yet: none are added until they
// do; the plan counts them, and not their build again. The twin with none
// pending adds layouts (SpreadBetweenLayoutsAddsLayouts).
TEST(ABStopping, PendingLayoutsAreWaitedFor) {
  Random R(3);
  Experiment E = layoutsOnly(R, 8, 10, 0.03);
  RunCosts C = costs();
  C.LayoutSeconds = 30;
  StopDecision D = decide(E.A, E.B, 60, goal(0.015, 1e9), C, 4);
  EXPECT_EQ(D.Action, StopAction::AddRound);
  ASSERT_TRUE(D.ToTarget);
  EXPECT_GE(D.ToTarget->Layouts, 12u);
  EXPECT_DOUBLE_EQ(D.ToTarget->Seconds,
                   (D.ToTarget->Layouts - 12) * C.LayoutSeconds +
                       D.ToTarget->MoreRounds * 2.0 * D.ToTarget->Layouts *
                           C.RunSeconds);
}

// A target out of reach with at most MaxLayouts: no plan, and still the
// step that shrinks the larger part (here layouts, up to the cap; at the
// cap, rounds).
TEST(ABStopping, OutOfReachHasNoPlan) {
  Random R(4);
  Experiment E = layoutsOnly(R, 8, 10, 0.05);
  StopGoal G = goal(0.001, 1e9);
  G.MaxLayouts = 10;
  StopDecision D = decide(E.A, E.B, 60, G);
  EXPECT_FALSE(D.ToTarget);
  EXPECT_EQ(D.Action, StopAction::AddLayouts);
  EXPECT_EQ(D.NewLayouts, 2u);
  G.MaxLayouts = 8;
  EXPECT_EQ(decide(E.A, E.B, 60, G).Action, StopAction::AddRound);
}

// The limit: a round of 8 pairs costs 16 x 0.5 s = 8 s. At 590 s of 600
// it would end at 598 s: taken; at 595 s it would end past the limit:
// stop, out of time, with the plan that would have reached the target.
TEST(ABStopping, StopsBeforeTheLimit) {
  Random R(5);
  Experiment E = runNoiseOnly(R, 8, 10, 0.05);
  EXPECT_EQ(decide(E.A, E.B, 590, goal(0.01)).Action, StopAction::AddRound);
  StopDecision D = decide(E.A, E.B, 595, goal(0.01));
  EXPECT_EQ(D.Action, StopAction::OutOfTime);
  ASSERT_TRUE(D.ToTarget);
  EXPECT_GT(D.ToTarget->Seconds, 0);
}

// New layouts that do not fit before the limit leave room for a round.
TEST(ABStopping, LayoutsThatDoNotFitGiveARound) {
  Random R(6);
  Experiment E = layoutsOnly(R, 8, 10, 0.03);
  RunCosts C = costs();
  C.LayoutSeconds = 100;
  StopDecision D = decide(E.A, E.B, 580, goal(0.01), C);
  EXPECT_EQ(D.Action, StopAction::AddRound);
  EXPECT_EQ(D.NewLayouts, 0u);
}

// Without a target the rule only watches the time: rounds until the limit.
TEST(ABStopping, NoTargetOnlyWatchesTime) {
  Random R(7);
  Experiment E = runNoiseOnly(R, 8, 10, 0.0001);
  StopDecision D = decide(E.A, E.B, 0, goal(0, 600));
  EXPECT_EQ(D.Action, StopAction::AddRound);
  EXPECT_FALSE(D.ToTarget);
  EXPECT_EQ(decide(E.A, E.B, 599, goal(0, 600)).Action, StopAction::OutOfTime);
  EXPECT_EQ(decide(E.A, E.B, 1e6, goal(0, 0)).Action, StopAction::AddRound);
}

// Step 3 in numbers: with run noise only and R rounds everywhere, R more
// rounds halve the variance (half-width / sqrt 2); with layouts only,
// rounds change nothing and twice the layouts (each new one with R rounds)
// halve it, times the change of the t quantile (15 degrees of freedom
// instead of 7).
TEST(ABStopping, ProjectionScalesAsTheVarianceSplitSays) {
  VarianceSplit Noise;
  Noise.RoundNoise = 0.01;
  Noise.Rounds.assign(8, 10);
  EXPECT_NEAR(projectHalfWidth(Noise, 0.04, 8, 10), 0.04 / std::sqrt(2.0),
              1e-12);
  EXPECT_GT(projectHalfWidth(Noise, 0.04, 8, 5), 0.04 / std::sqrt(2.0));
  EXPECT_LT(projectHalfWidth(Noise, 0.04, 8, 5), 0.04);

  VarianceSplit Layouts;
  Layouts.Between = 0.001;
  Layouts.Rounds.assign(8, 10);
  EXPECT_DOUBLE_EQ(projectHalfWidth(Layouts, 0.04, 8, 1000), 0.04);
  double Widen = studentQuantile(0.975, 15) / studentQuantile(0.975, 7);
  EXPECT_NEAR(projectHalfWidth(Layouts, 0.04, 16, 10),
              0.04 / std::sqrt(2.0) * Widen, 1e-12);
}

// Step 2 on exact numbers: three seeds with log ratios -0.1, 0, 0.1
// (variance 0.01) and noise variance 0.001 at 10 rounds (0.01 per round):
// between = 0.01 - 0.001; seeds under MinNoiseRounds rounds do not inform
// the noise.
TEST(ABStopping, VarianceSplitOnExactNumbers) {
  std::vector<SeedEffect> S(3);
  for (int I = 0; I < 3; ++I) {
    S[I].LogRatio = 0.1 * (I - 1);
    S[I].NoiseVariance = 0.001;
    S[I].Rounds = 10;
  }
  VarianceSplit V = splitVariance(S);
  EXPECT_NEAR(V.RoundNoise, 0.01, 1e-15);
  EXPECT_NEAR(V.Between, 0.01 - 0.001, 1e-15);
  S.push_back({0.0, 5.0, 2});
  EXPECT_NEAR(splitVariance(S).RoundNoise, 0.01, 1e-15);
}

// The whole loop on a synthetic VM, as ab runs it: 8 layouts x 5 rounds,
// then one decision per round, time counted from the costs. Two links of
// the same code (the same layouts, back-to-back runs sharing most phases)
// on a machine half as noisy as the loaded project VM reach +-2 % within
// 10 minutes, `same`, and the final interval is at most the target.
TEST(ABStopping, SyntheticRunReachesTheTarget) {
  Random R(8);
  Machine M;
  M.PairedLayouts = 1;
  M.SharedPhase = 0.8;
  M.RunSigma = 0.06;
  M.SlowPhaseChance = 0.1;
  SyntheticRuns S(R, 1.0, M);
  S.addLayouts(8);
  RunCosts C = costs();
  double Elapsed = 8 * C.LayoutSeconds;
  StopDecision D;
  for (unsigned Round = 0;; ++Round) {
    S.addRound();
    Elapsed += 2 * S.A.size() * C.RunSeconds;
    if (Round + 1 < 5)
      continue;
    D = decide(S.A, S.B, Elapsed, goal(0.02));
    if (D.Action == StopAction::AddLayouts) {
      S.addLayouts(D.NewLayouts);
      Elapsed += D.NewLayouts * C.LayoutSeconds;
    } else if (D.Action != StopAction::AddRound)
      break;
  }
  EXPECT_EQ(D.Action, StopAction::Reached);
  EXPECT_LE(Elapsed, 600);
  EXPECT_LE(D.HalfWidth, 0.02);
  EXPECT_EQ(D.Now.V, Verdict::Same);
}
