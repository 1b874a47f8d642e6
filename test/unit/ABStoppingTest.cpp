// The stopping rule of `hotlayout ab --ci-target` on synthetic timings: no
// clock anywhere, the seconds are numbers the tests choose. A goal's
// "target" is the noise threshold the runs must resolve the verdict at.

#include "hotlayout/Tool/AB/ABStopping.h"

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

/// A goal that stops once resolved at +-Target (--ci-target), looking from
/// the first round on; 0: fixed rounds. MaxSeconds 0: no time limit, so
/// the looks keep Pocock's constant (the tests of the plan).
StopGoal goal(double Target, double MaxSeconds = 600) {
  StopGoal G;
  G.Sequential = Target > 0;
  G.Rounds = 0;
  G.MaxSeconds = MaxSeconds;
  return G;
}

/// decideNext() at a first look, judged at threshold +-Target.
StopDecision decide(const SideSamples &A, const SideSamples &B, double Elapsed,
                    const StopGoal &G, double Target,
                    const RunCosts &C = costs(), unsigned Pending = 0) {
  StopState Now;
  Now.ElapsedSeconds = Elapsed;
  Now.PendingLayouts = Pending;
  std::string Why;
  auto D = decideNext(
      A, B, Now, G, C,
      statsOptions(G.Sequential, Target > 0 ? Target : DefaultThreshold, 1),
      Why);
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
  StopDecision D = decide(E.A, E.B, 60, goal(0.05), 0.05);
  EXPECT_EQ(D.Action, StopAction::Reached);
  EXPECT_LE(D.HalfWidth, 0.05);
  EXPECT_FALSE(D.ToTarget);

  StopDecision Not =
      decide(E.A, E.B, 60, goal(D.HalfWidth / 2), D.HalfWidth / 2);
  EXPECT_NE(Not.Action, StopAction::Reached);
}

// Run noise only and layouts that cost as much as 60 runs: more rounds
// narrow the interval, more layouts of the same (there is no
// between-layout part) mostly cost, so the plan keeps K and ab adds a
// round. The chi-square test of step 2 takes one sample of pure noise in
// 20 for a layout effect, and an estimate near the threshold leaves no
// plan: of the 20 samples that are not resolved yet, at most 3 do
// otherwise.
TEST(ABStopping, RunNoiseWithDearLayoutsAddsRounds) {
  RunCosts C = costs();
  C.LayoutSeconds = 30;
  unsigned Rounds = 0, Open = 0;
  for (uint64_t Seed = 1; Open < 20; ++Seed) {
    Random R(Seed);
    Experiment E = runNoiseOnly(R, 8, 10, 0.05);
    StopDecision D = decide(E.A, E.B, 60, goal(0.02, 0), 0.02, C);
    if (D.Action == StopAction::Reached)
      continue;
    ++Open;
    if (D.Action != StopAction::AddRound)
      continue;
    ++Rounds;
    EXPECT_EQ(D.Split.Between, 0);
    EXPECT_GT(D.Split.RoundNoise, 0);
    if (!D.ToTarget)
      continue;
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
  StopDecision D = decide(E.A, E.B, 60, goal(0.01, 0), 0.01, C);
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
  StopDecision D = decide(E.A, E.B, 60, goal(0.03, 0), 0.03, C);
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
  StopDecision D = decide(E.A, E.B, 60, goal(0.03, 0), 0.03, C, 4);
  EXPECT_EQ(D.Action, StopAction::AddRound);
  ASSERT_TRUE(D.ToTarget);
  EXPECT_GE(D.ToTarget->Layouts, 12u);
  // The 4 pending seeds count as new in the plan's runs; the 8 old ones,
  // at 10 rounds, run only up to the plan's rounds each.
  unsigned Each = D.ToTarget->Each, Old = Each > 10 ? Each - 10 : 0;
  EXPECT_EQ(D.RoundsEach, Each);
  EXPECT_DOUBLE_EQ(D.ToTarget->Seconds,
                   (D.ToTarget->Layouts - 12) * C.LayoutSeconds +
                       2.0 * ((D.ToTarget->Layouts - 8) * Each + 8 * Old) *
                           C.RunSeconds);
}

// Layouts that differ among themselves and no run noise, half the seeds
// run 30 rounds longer: the plan brings every seed to --rounds (10) rounds
// and no further, since rounds narrow nothing here, so the next round is
// for the new seeds alone. The twin: run noise only and dear layouts, the
// plan keeps the 8 seeds and runs each past its 10 rounds, so all run.
TEST(ABStopping, SeedsWithEnoughRoundsSitOut) {
  Random R(3);
  Experiment E = layoutsOnly(R, 8, 10, 0.03);
  for (unsigned K = 0; K < 4; ++K) {
    E.A[K].insert(E.A[K].end(), 30, E.A[K].front());
    E.B[K].insert(E.B[K].end(), 30, E.B[K].front());
  }
  RunCosts C = costs();
  C.LayoutSeconds = 30;
  StopGoal G = goal(0.03, 0);
  G.Rounds = 10;
  StopDecision D = decide(E.A, E.B, 60, G, 0.03, C);
  EXPECT_EQ(D.Action, StopAction::AddLayouts);
  ASSERT_TRUE(D.ToTarget);
  EXPECT_EQ(D.ToTarget->Each, 10u);
  EXPECT_EQ(D.RoundsEach, 10u);

  Random RN(1);
  Experiment N = runNoiseOnly(RN, 8, 10, 0.05);
  G = goal(0.02, 0);
  G.Rounds = 10;
  StopDecision DN = decide(N.A, N.B, 60, G, 0.02, C);
  EXPECT_EQ(DN.Action, StopAction::AddRound);
  ASSERT_TRUE(DN.ToTarget);
  EXPECT_EQ(DN.ToTarget->Layouts, 8u);
  EXPECT_GT(DN.RoundsEach, 10u);
}

// A target out of reach with at most MaxLayouts: no plan, and still the
// step that shrinks the larger part (here layouts, up to the cap; at the
// cap, rounds).
TEST(ABStopping, OutOfReachHasNoPlan) {
  Random R(4);
  Experiment E = layoutsOnly(R, 8, 10, 0.05);
  StopGoal G = goal(0.001, 0);
  G.MaxLayouts = 10;
  StopDecision D = decide(E.A, E.B, 60, G, 0.001);
  EXPECT_FALSE(D.ToTarget);
  EXPECT_EQ(D.Action, StopAction::AddLayouts);
  EXPECT_EQ(D.NewLayouts, 2u);
  G.MaxLayouts = 8;
  EXPECT_EQ(decide(E.A, E.B, 60, G, 0.001).Action, StopAction::AddRound);
}

// The limit: a round of 8 pairs costs 16 x 0.5 s = 8 s. At 590 s of 600
// it would end at 598 s: taken; at 595 s it would end past the limit:
// stop, out of time, with the plan that would have reached the target.
TEST(ABStopping, StopsBeforeTheLimit) {
  Random R(5);
  Experiment E = runNoiseOnly(R, 8, 10, 0.05);
  EXPECT_EQ(decide(E.A, E.B, 590, goal(0.01), 0.01).Action,
            StopAction::AddRound);
  StopDecision D = decide(E.A, E.B, 595, goal(0.01), 0.01);
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
  StopDecision D = decide(E.A, E.B, 580, goal(0.01), 0.01, C);
  EXPECT_EQ(D.Action, StopAction::AddRound);
  EXPECT_EQ(D.NewLayouts, 0u);

  // A plan that adds layouts (SpreadBetweenLayoutsAddsLayouts' runs) with
  // no room left for them: its rounds were for the layouts it would have
  // added, which every seed here has, so every seed runs the round (a
  // round of none would change nothing, and the rule would ask again).
  Random R2(3);
  Experiment S = layoutsOnly(R2, 8, 10, 0.03);
  C.LayoutSeconds = 30;
  StopDecision Late = decide(S.A, S.B, 585, goal(0.02), 0.02, C);
  ASSERT_TRUE(Late.ToTarget);
  EXPECT_GT(Late.ToTarget->Layouts, 8u);
  EXPECT_EQ(Late.Action, StopAction::AddRound);
  EXPECT_EQ(Late.RoundsEach, 0u);
}

// Without a target the rule only watches the time: rounds until the limit.
TEST(ABStopping, NoTargetOnlyWatchesTime) {
  Random R(7);
  Experiment E = runNoiseOnly(R, 8, 10, 0.0001);
  StopDecision D = decide(E.A, E.B, 0, goal(0, 600), 0);
  EXPECT_EQ(D.Action, StopAction::AddRound);
  EXPECT_FALSE(D.ToTarget);
  EXPECT_EQ(decide(E.A, E.B, 599, goal(0, 600), 0).Action,
            StopAction::OutOfTime);
  EXPECT_EQ(decide(E.A, E.B, 1e6, goal(0, 0), 0).Action, StopAction::AddRound);
}

// Step 3 in numbers: with run noise only and R rounds everywhere, 2R
// rounds each halve the variance (half-width / sqrt 2) and fewer than R
// change nothing; with layouts only,
// rounds change nothing and twice the layouts (each new one with R rounds)
// halve it, times the change of the t quantile (15 degrees of freedom
// instead of 7).
TEST(ABStopping, ProjectionScalesAsTheVarianceSplitSays) {
  VarianceSplit Noise;
  Noise.RoundNoise = 0.01;
  Noise.Rounds.assign(8, 10);
  EXPECT_NEAR(projectHalfWidth(Noise, 0.04, 8, 20), 0.04 / std::sqrt(2.0),
              1e-12);
  EXPECT_GT(projectHalfWidth(Noise, 0.04, 8, 15), 0.04 / std::sqrt(2.0));
  EXPECT_LT(projectHalfWidth(Noise, 0.04, 8, 15), 0.04);
  EXPECT_DOUBLE_EQ(projectHalfWidth(Noise, 0.04, 8, 5), 0.04);

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

/// The whole loop on a synthetic VM, as ab runs it (afterRound() after
/// every round, layouts added when it says, time counted from costs()),
/// stopping once resolved at +-\p Threshold from round \p Rounds on, or
/// at --max-time \p MaxSeconds; returns the final comparison.
Comparison runLoop(SyntheticRuns &S, double Threshold, unsigned Layouts = 8,
                   unsigned Rounds = 5, StopState *Out = nullptr,
                   double MaxSeconds = 600) {
  S.addLayouts(Layouts);
  RunCosts C = costs();
  StopGoal G = goal(Threshold, MaxSeconds);
  G.Rounds = Rounds;
  StatsOptions Opts = statsOptions(true, Threshold, 1);
  Opts.Resamples = 500;
  StopState Now;
  Now.ElapsedSeconds = Layouts * C.LayoutSeconds;
  unsigned RoundsEach = 0;
  while (true) {
    Now.ElapsedSeconds += S.addRound(RoundsEach) * C.RunSeconds;
    ++Now.CompleteRounds;
    std::string Why;
    LoopStep Step = afterRound(S.A, S.B, Now, G, C, Opts, Why);
    EXPECT_TRUE(Step.D) << Why;
    // ab reports the interval at the last decision's confidence.
    if (Step.D)
      Opts.Confidence = Step.D->Confidence;
    if (Step.Stop != StopReason::None)
      break;
    RoundsEach = Step.RoundsEach;
    S.addLayouts(Step.NewLayouts);
    Now.ElapsedSeconds += Step.NewLayouts * C.LayoutSeconds;
  }
  if (Out)
    *Out = Now;
  std::string Why;
  return compare(S.A, S.B, Opts, Why).value_or(Comparison());
}

// Two links of the same code (the same layouts, back-to-back runs sharing
// most phases) on a machine half as noisy as the loaded project VM: the
// loop resolves +-2 % within 10 minutes as `same`, at a look, with the
// interval within the threshold. (Every layout here joins from the first
// round: the synthetic runs have no pending layouts.)
TEST(ABStopping, SyntheticRunReachesTheTarget) {
  Random R(8);
  Machine M;
  M.PairedLayouts = 1;
  M.SharedPhase = 0.8;
  M.RunSigma = 0.06;
  M.SlowPhaseChance = 0.1;
  SyntheticRuns S(R, 1.0, M);
  StopState Now;
  Comparison C = runLoop(S, 0.02, 8, 5, &Now);
  EXPECT_EQ(C.V, Verdict::Same);
  EXPECT_EQ(C.Rule, "interval within +-2%");
  EXPECT_LE(Now.ElapsedSeconds, 600);
  EXPECT_GE(Now.Looks, 1u);
  EXPECT_GE(C.CILow, 0.98);
  EXPECT_LE(C.CIHigh, 1.02);
}

// Looks (step 1): the first at the --rounds-th round, then only when the
// runs counted have grown by LookGrowth; the MaxLooks-th stops the runs
// even unresolved.
TEST(ABStopping, LooksComeAsTheRunsGrow) {
  Random R(9);
  Experiment E = runNoiseOnly(R, 8, 10, 0.05);
  StopGoal G = goal(0.001, 0);
  G.Rounds = 10;
  StatsOptions Opts = statsOptions(true, 0.001, 1);
  StopState Now;
  Now.CompleteRounds = 9;
  std::string Why;
  EXPECT_FALSE(decideNext(E.A, E.B, Now, G, costs(), Opts, Why)->Look);
  Now.CompleteRounds = 10;
  EXPECT_TRUE(decideNext(E.A, E.B, Now, G, costs(), Opts, Why)->Look);
  Now.Looks = 1;
  Now.RunsAtLastLook = 80 / LookGrowth + 1; // 10 rounds x 8 seeds, less.
  EXPECT_FALSE(decideNext(E.A, E.B, Now, G, costs(), Opts, Why)->Look);
  Now.RunsAtLastLook = 80 / LookGrowth;
  EXPECT_TRUE(decideNext(E.A, E.B, Now, G, costs(), Opts, Why)->Look);
  Now.Looks = MaxLooks - 1;
  auto D = decideNext(E.A, E.B, Now, G, costs(), Opts, Why);
  EXPECT_EQ(D->Now.V, Verdict::Unresolved);
  EXPECT_EQ(D->Action, StopAction::OutOfLooks);
}

/// Verdicts of \p N loops of at most 5 minutes each on a model of the
/// project's VM (ABSimulation.h), B = A x Effect.
struct Verdicts {
  unsigned Same = 0, Slower = 0, Faster = 0, Unresolved = 0;
};
Verdicts loops(unsigned N, double Effect, double Threshold, uint64_t Seed,
               const Machine &M) {
  Random R(Seed);
  Verdicts V;
  for (unsigned I = 0; I < N; ++I) {
    SyntheticRuns S(R, Effect, M);
    Verdict X = runLoop(S, Threshold, 8, 10, nullptr, 300).V;
    ++(X == Verdict::Same     ? V.Same
       : X == Verdict::Slower ? V.Slower
       : X == Verdict::Faster ? V.Faster
                              : V.Unresolved);
  }
  return V;
}

Machine quietVM() {
  Machine M;
  M.PairedLayouts = 0.8;
  M.SharedPhase = 0.8;
  M.RunSigma = 0.06;
  M.SlowPhaseChance = 0.1;
  return M;
}

// No effect, under the stopping rule (looks, layouts added, --max-time 300):
// never a finding in at least 95 % of 200 loops at +-1 % and at +-2 % on
// a quiet VM, and in at least 93 % of 200 on the noisy one (the looks
// spend 5 % by the last: 200 loops at 5 % give more than 14 findings 2
// times in 100, so 15 or more say the rule spends more than it may). (Few of
// them resolve as `same` in time: the layouts that A and B do not share spread
// the paired ratio by about 1 %, and the interval must hold at every look.)
TEST(ABStopping, SequentialNullIsNoFinding) {
  for (double T : {0.01, 0.02}) {
    Verdicts V = loops(200, 1.0, T, 10, quietVM());
    EXPECT_GE(V.Same + V.Unresolved, 190u)
        << "threshold " << T << ": " << V.Slower << " slower, " << V.Faster
        << " faster";
  }
  Verdicts V = loops(200, 1.0, 0.02, 11, Machine());
  EXPECT_GE(V.Same + V.Unresolved, 186u)
      << V.Slower << " slower, " << V.Faster << " faster";
}

// A planted 5 % slowdown under the stopping rule at +-2 %: `slower` in at
// least 90 % of 100 loops, never `faster` or `same`.
TEST(ABStopping, SequentialPlantedFivePercentIsSlower) {
  Verdicts V = loops(100, 1.05, 0.02, 12, quietVM());
  EXPECT_GE(V.Slower, 90u) << V.Same << " same, " << V.Unresolved
                           << " not resolved";
  EXPECT_EQ(V.Faster, 0u);
  EXPECT_EQ(V.Same, 0u);
}

// Step 1's boundaries (LookBoundary). A first look spends exactly
// LookAlpha t^2 by time fraction t; later looks spend the difference; the
// last spends what is left, so that Brownian paths (the estimate under no
// difference) leave the interval at some look 5 times in 100: counted on
// 20 000 simulated paths, within 0.6 points. The twin: every look alike
// at a not-final confidence spends less than LookAlpha.
TEST(ABStopping, LookBoundarySpendsAlphaByTime) {
  LookBoundary First;
  EXPECT_NEAR(First.confidence(0.5, false), 1 - LookAlpha * 0.25, 1e-5);
  EXPECT_NEAR(First.confidence(0.5, true), 1 - LookAlpha, 1e-5);
  EXPECT_NEAR(First.confidence(2.0, false), 1 - LookAlpha, 1e-5);

  const std::vector<double> Times = {0.1, 0.16, 0.25, 0.4, 0.6, 0.85};
  LookBoundary B;
  std::vector<double> Z;
  for (size_t I = 0; I < Times.size(); ++I) {
    bool Final = I + 1 == Times.size();
    double Conf = B.confidence(Times[I], Final);
    B.record(Times[I], Conf);
    Z.push_back(normalQuantile((1 + Conf) / 2));
    if (!Final)
      EXPECT_NEAR(B.spent(), LookAlpha * Times[I] * Times[I], 2e-4);
  }
  EXPECT_NEAR(B.spent(), LookAlpha, 2e-4);
  // Early looks strict, the last near a single 95 % interval.
  EXPECT_GT(Z.front(), 3.4);
  EXPECT_LT(Z.back(), 2.2);
  EXPECT_GT(Z.back(), normalQuantile(0.975));

  Random R(21);
  unsigned Crossed = 0, Paths = 20000;
  for (unsigned P = 0; P < Paths; ++P) {
    double W = 0, T = 0;
    for (size_t I = 0; I < Times.size(); ++I) {
      W += std::sqrt(Times[I] - T) * R.normal();
      T = Times[I];
      if (std::abs(W) / std::sqrt(T) > Z[I]) {
        ++Crossed;
        break;
      }
    }
  }
  EXPECT_NEAR(double(Crossed) / Paths, LookAlpha, 0.006);

  LookBoundary Early;
  for (double T : Times)
    Early.record(T, Early.confidence(T, false));
  EXPECT_LT(Early.spent(), LookAlpha * 0.85 * 0.85 + 2e-4);
}

// The last look: when a round no longer fits --max-time, this round is a
// look (whether or not the runs grew by LookGrowth) and spends what is
// left, so its interval is narrower than a look's at the same time that
// is not the last. The twin: with time to spare it is no look.
TEST(ABStopping, OutOfTimeIsTheLastLook) {
  Random R(22);
  Experiment E = runNoiseOnly(R, 8, 10, 0.05);
  StopGoal G = goal(0.001, 100);
  G.Rounds = 10;
  StatsOptions Opts = statsOptions(true, 0.001, 1);
  StopState Now;
  Now.CompleteRounds = 12;
  Now.Looks = 1;
  Now.RunsAtLastLook = 80;
  Now.Boundary.record(0.5, Now.Boundary.confidence(0.5, false));
  Now.ElapsedSeconds = 99;
  std::string Why;
  auto Last = decideNext(E.A, E.B, Now, G, costs(), Opts, Why);
  ASSERT_TRUE(Last) << Why;
  EXPECT_TRUE(Last->Look);
  EXPECT_EQ(Last->Action, StopAction::OutOfTime);
  EXPECT_LT(Last->Confidence, Now.Boundary.confidence(0.99, false));
  Now.ElapsedSeconds = 60;
  auto Spare = decideNext(E.A, E.B, Now, G, costs(), Opts, Why);
  ASSERT_TRUE(Spare) << Why;
  EXPECT_FALSE(Spare->Look);
  EXPECT_NE(Spare->Action, StopAction::OutOfTime);
}
