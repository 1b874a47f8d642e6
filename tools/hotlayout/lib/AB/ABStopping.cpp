//===- ABStopping.cpp - When hotlayout ab knows enough --------------------===//
//
// See ABStopping.h for the steps. Everything here is arithmetic on the
// numbers given: no clock, no files.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/AB/ABStopping.h"

#include <algorithm>
#include <cmath>

namespace hotlayout {
namespace ab {

const char *stopActionName(StopAction A) {
  switch (A) {
  case StopAction::Reached:
    return "reached";
  case StopAction::OutOfLooks:
    return "out of looks";
  case StopAction::OutOfTime:
    return "out of time";
  case StopAction::AddLayouts:
    return "add layouts";
  case StopAction::AddRound:
    break;
  }
  return "add a round";
}

StatsOptions statsOptions(bool Sequential, double Threshold, uint64_t Seed) {
  StatsOptions O;
  O.Confidence = Sequential ? LookConfidence : 0.95;
  O.Threshold = Threshold;
  O.Seed = Seed;
  return O;
}

/// LookBoundary's grid: the paths not yet stopped at time fraction t <= 1
/// have standard deviation at most 1, and a boundary below 6 (a
/// confidence below 1 - 2e-9) holds whatever lies beyond.
static constexpr double GridHalfWidth = 6;
static constexpr unsigned GridPoints = 301;
static constexpr double GridStep = 2 * GridHalfWidth / (GridPoints - 1);
/// The largest boundary, in standard errors, that a look may have.
static constexpr double MaxZ = 8;

static double normalCDF(double X) {
  return 0.5 * std::erfc(-X / std::sqrt(2.0));
}

static double normalPDF(double X) {
  return std::exp(-0.5 * X * X) / std::sqrt(2 * M_PI);
}

static double gridPoint(unsigned I) { return -GridHalfWidth + I * GridStep; }

/// The trapezoid rule's weight of grid point \p I.
static double gridWeight(unsigned I) {
  return I == 0 || I + 1 == GridPoints ? GridStep / 2 : GridStep;
}

double LookBoundary::crossing(double B, double Sigma) const {
  if (Times.empty())
    return 2 * normalCDF(-B / Sigma);
  double P = 0;
  for (unsigned I = 0; I < GridPoints; ++I)
    if (Density[I] > 0) {
      double U = gridPoint(I);
      P += gridWeight(I) * Density[I] *
           (normalCDF((-B - U) / Sigma) + normalCDF((U - B) / Sigma));
    }
  return P;
}

/// \p T within (0, 1], after \p Last.
static double lookTime(double T, double Last) {
  return std::max(std::min(T, 1.0), Last + 1e-6);
}

double LookBoundary::confidence(double T, bool Final, double Power) const {
  double Last = Times.empty() ? 0 : Times.back();
  T = lookTime(T, Last);
  double Budget = Final ? LookAlpha : LookAlpha * std::pow(T, Power);
  double Spend = std::max(Budget - Spent, 1e-12);
  double Sigma = std::sqrt(T - Last), Root = std::sqrt(T);
  // crossing() falls as the boundary rises: bisect on the boundary in
  // standard errors of the estimate at T.
  double Lo = 0, Hi = MaxZ;
  if (crossing(Hi * Root, Sigma) >= Spend)
    Lo = Hi;
  for (int I = 0; I < 50 && Hi - Lo > 1e-6; ++I) {
    double Mid = (Lo + Hi) / 2;
    (crossing(Mid * Root, Sigma) > Spend ? Lo : Hi) = Mid;
  }
  return 2 * normalCDF(Hi) - 1;
}

void LookBoundary::record(double T, double Confidence) {
  double Last = Times.empty() ? 0 : Times.back();
  T = lookTime(T, Last);
  double Sigma = std::sqrt(T - Last);
  double B = normalQuantile((1 + Confidence) / 2) * std::sqrt(T);
  Spent += crossing(B, Sigma);
  std::vector<double> Next(GridPoints, 0);
  for (unsigned J = 0; J < GridPoints; ++J) {
    double S = gridPoint(J);
    if (std::abs(S) > B)
      continue;
    if (Times.empty()) {
      Next[J] = normalPDF(S / Sigma) / Sigma;
      continue;
    }
    double F = 0;
    for (unsigned I = 0; I < GridPoints; ++I)
      if (Density[I] > 0)
        F += gridWeight(I) * Density[I] *
             normalPDF((S - gridPoint(I)) / Sigma) / Sigma;
    Next[J] = F;
  }
  Density = std::move(Next);
  Times.push_back(T);
}

double halfWidthToResolve(const Comparison &C) {
  if (C.V != Verdict::Unresolved)
    return 0;
  double Off = std::abs(C.Ratio - 1);
  return Off > C.Threshold ? Off : C.Threshold - Off;
}

/// The noise of one round's log ratio, pooled over the seeds with at least
/// \p MinRounds rounds; 0 when there are none.
static double pooledRoundNoise(const std::vector<SeedEffect> &Seeds,
                               unsigned MinRounds) {
  double Sum = 0;
  unsigned N = 0;
  for (const SeedEffect &S : Seeds)
    if (S.Rounds >= MinRounds) {
      Sum += S.NoiseVariance * S.Rounds;
      ++N;
    }
  return N ? Sum / N : 0;
}

VarianceSplit splitVariance(const std::vector<SeedEffect> &Seeds) {
  VarianceSplit V;
  V.RoundNoise = pooledRoundNoise(Seeds, MinNoiseRounds);
  if (V.RoundNoise == 0)
    V.RoundNoise = pooledRoundNoise(Seeds, 2);
  double NoiseInMedians = 0;
  std::vector<double> Logs;
  for (const SeedEffect &S : Seeds) {
    V.Rounds.push_back(S.Rounds);
    Logs.push_back(S.LogRatio);
    NoiseInMedians += V.RoundNoise / S.Rounds / Seeds.size();
  }
  if (Seeds.size() < 2)
    return V;
  double Var = sampleVariance(Logs);
  // The sample variance of K values is noisy (chi-square, K - 1 degrees of
  // freedom): the layouts count as different only when it exceeds what run
  // noise alone gives 19 times in 20.
  unsigned DF = unsigned(Seeds.size() - 1);
  double Chi2 = chiSquareQuantile(0.95, DF) / DF;
  if (Var > NoiseInMedians * Chi2)
    V.Between = Var - NoiseInMedians;
  return V;
}

/// The variance of the mean of the seeds' log ratios once every seed has
/// run at least \p Each rounds (a seed with more keeps them) and
/// \p NewSeeds more seeds have run \p Each.
static double projectedVariance(const VarianceSplit &V, unsigned NewSeeds,
                                unsigned Each) {
  double Sum = 0;
  for (unsigned R : V.Rounds)
    Sum += V.Between + V.RoundNoise / std::max(std::max(R, Each), 1u);
  if (NewSeeds)
    Sum += NewSeeds * (V.Between + V.RoundNoise / std::max(1u, Each));
  double L = double(V.Rounds.size() + NewSeeds);
  return Sum / (L * L);
}

/// How wide ABStats' interval over \p K seeds is per standard error: the t
/// quantile (the bootstrap over rounds of one seed counted as normal).
static double tFactor(size_t K) {
  return K > 1 ? studentQuantile(0.975, unsigned(K - 1))
               : normalQuantile(0.975);
}

double projectHalfWidth(const VarianceSplit &V, double HalfWidth,
                        unsigned Layouts, unsigned Each) {
  size_t K = V.Rounds.size();
  double Now = projectedVariance(V, 0, 0);
  if (!(Now > 0) || Layouts < K)
    return HalfWidth;
  double Then = projectedVariance(V, unsigned(Layouts - K), Each);
  return HalfWidth * std::sqrt(Then / Now) * tFactor(Layouts) / tFactor(K);
}

/// The runs, per side, that bring every old seed of \p V to \p Each rounds
/// and \p NewSeeds more seeds to \p Each; and in \p Rounds how many rounds
/// that takes.
static double runsToReach(const VarianceSplit &V, unsigned NewSeeds,
                          unsigned Each, unsigned &Rounds) {
  double Runs = double(NewSeeds) * Each;
  Rounds = NewSeeds ? Each : 0;
  for (unsigned R : V.Rounds)
    if (R < Each) {
      Runs += Each - R;
      Rounds = std::max(Rounds, Each - R);
    }
  return Runs;
}

/// Seconds of the plan that adds \p NewSeeds (the \p Pending already built
/// among them) and runs every seed to \p Each rounds.
static double planSeconds(const VarianceSplit &V, const RunCosts &Costs,
                          unsigned NewSeeds, unsigned Pending, unsigned Each,
                          unsigned &Rounds) {
  double Runs = runsToReach(V, NewSeeds, Each, Rounds);
  return (NewSeeds - Pending) * Costs.LayoutSeconds +
         (2.0 * Runs + double(Rounds) * Costs.ExtraRunsPerRound) *
             Costs.RunSeconds;
}

/// Seconds of one round of \p Layouts pairs after adding \p NewSeeds of
/// them (step 5's test, every seed running).
static double roundSeconds(const RunCosts &Costs, unsigned NewSeeds,
                           unsigned Layouts) {
  return NewSeeds * Costs.LayoutSeconds +
         (2.0 * Layouts + Costs.ExtraRunsPerRound) * Costs.RunSeconds;
}

/// Step 4: the cheapest plan that reaches half-width \p Target, the
/// \p Pending seeds already paid for. A plan brings every seed to the same
/// rounds: where layouts differ more than runs do, a seed's median is
/// known well long before the mean over seeds is, and its runs are better
/// spent on new seeds (the allocation of two-stage sampling); a seed with
/// more rounds than the plan's runs no further. New and pending seeds count
/// only from Goal.Rounds rounds on, and a plan without them runs at least
/// one round.
static std::optional<StopPlan>
cheapestPlan(const VarianceSplit &V, double HalfWidth, double Target,
             const StopGoal &Goal, const RunCosts &Costs, unsigned Pending) {
  unsigned K = unsigned(V.Rounds.size()), Have = K + Pending;
  unsigned Fewest = K ? *std::min_element(V.Rounds.begin(), V.Rounds.end()) : 0;
  std::optional<StopPlan> Best;
  for (unsigned L = Have; L <= std::max(Have, Goal.MaxLayouts); ++L) {
    auto Reaches = [&](unsigned Each) {
      return projectHalfWidth(V, HalfWidth, L, Each) <= Target;
    };
    unsigned Lo = L > K ? std::max(Goal.Rounds, 1u) : Fewest + 1;
    unsigned Hi = std::max(Lo, MaxPlanRounds);
    if (!Reaches(Hi))
      continue;
    while (Lo < Hi) { // Reaches(Hi); find the least.
      unsigned Mid = Lo + (Hi - Lo) / 2;
      if (Reaches(Mid))
        Hi = Mid;
      else
        Lo = Mid + 1;
    }
    unsigned Rounds = 0;
    double Seconds = planSeconds(V, Costs, L - K, Pending, Lo, Rounds);
    if (!Best || Seconds < Best->Seconds)
      Best = StopPlan{L, Rounds, Seconds, Lo};
  }
  return Best;
}

/// Step 4's choice between one more round and new seeds.
static void chooseStep(StopDecision &D, const StopGoal &Goal,
                       unsigned Pending) {
  unsigned K = unsigned(D.Split.Rounds.size()), Have = K + Pending;
  unsigned Room = Goal.MaxLayouts > Have ? Goal.MaxLayouts - Have : 0;
  unsigned Step = std::min(Room, std::max(1u, K / 2));
  bool MoreLayouts;
  if (Pending) {
    MoreLayouts = false;
  } else if (D.ToTarget) {
    MoreLayouts = D.ToTarget->Layouts > Have;
    Step = std::min(Step, D.ToTarget->Layouts - Have);
  } else {
    // Out of reach: shrink whichever part is the larger.
    double Noise = 0;
    for (unsigned R : D.Split.Rounds)
      Noise += D.Split.RoundNoise / R / K;
    MoreLayouts = Goal.Sequential && D.Split.Between > Noise;
  }
  // Without --ci-target the plan is only reported: the rounds are fixed.
  if (!Goal.Sequential)
    return;
  if (D.ToTarget)
    D.RoundsEach = D.ToTarget->Each;
  if (MoreLayouts && Step > 0) {
    D.Action = StopAction::AddLayouts;
    D.NewLayouts = Step;
  }
}

std::optional<StopDecision>
decideNext(const SideSamples &A, const SideSamples &B, const StopState &Now,
           const StopGoal &Goal, const RunCosts &Costs,
           const StatsOptions &Opts, std::string &Why) {
  // Step 5 first: whether a round still fits decides whether this is the
  // last look, and the last look spends what is left.
  unsigned Have = unsigned(A.size()) + Now.PendingLayouts;
  auto Fits = [&](unsigned NewSeeds) {
    return Goal.MaxSeconds <= 0 ||
           Now.ElapsedSeconds +
                   roundSeconds(Costs, NewSeeds, Have + NewSeeds) <=
               Goal.MaxSeconds;
  };
  StopDecision D;
  for (const std::vector<double> &Runs : A)
    D.Runs += double(Runs.size());
  // Step 1: a look needs the first --rounds rounds and LookGrowth more
  // runs than the last one; the last look comes when the looks or the time
  // run out.
  D.Look = Goal.Sequential && Now.CompleteRounds >= Goal.Rounds &&
           (Now.Looks == 0 || D.Runs >= LookGrowth * Now.RunsAtLastLook);
  bool OutOfLooks = D.Look && Now.Looks + 1 >= MaxLooks;
  bool OutOfTime = !Fits(0);
  D.Look = D.Look || (Goal.Sequential && OutOfTime);
  StatsOptions Look = Opts;
  D.Confidence = Opts.Confidence;
  if (Goal.Sequential) {
    if (Goal.MaxSeconds > 0) {
      D.TimeFraction = Now.ElapsedSeconds / Goal.MaxSeconds;
      D.Confidence = Now.Boundary.confidence(
          D.TimeFraction, OutOfLooks || OutOfTime, Goal.SpendingPower);
    } else {
      D.Confidence = LookConfidence;
    }
    Look.Confidence = D.Confidence;
  }
  auto C = compare(A, B, Look, Why);
  if (!C)
    return std::nullopt;
  D.Now = *C;
  D.HalfWidth = C->Detectable;
  D.Split = splitVariance(seedEffects(A, B, Opts.Seed, Opts.NoiseResamples));
  if (double Need = halfWidthToResolve(*C); Need > 0)
    D.ToTarget = cheapestPlan(D.Split, D.HalfWidth, Need, Goal, Costs,
                              Now.PendingLayouts);
  else if (D.Look) {
    D.Action = StopAction::Reached;
    return D;
  }
  if (OutOfLooks || OutOfTime) {
    D.Action = OutOfLooks ? StopAction::OutOfLooks : StopAction::OutOfTime;
    return D;
  }
  chooseStep(D, Goal, Now.PendingLayouts);
  // Step 5: new layouts that do not fit may leave room for a round (one
  // fits, or this was the last look): of every seed, since the plan's
  // rounds were for the layouts it would have added, and its seeds may all
  // have them (a round of none would change nothing).
  if (D.Action == StopAction::AddLayouts && !Fits(D.NewLayouts)) {
    D.Action = StopAction::AddRound;
    D.NewLayouts = 0;
    D.RoundsEach = 0;
  }
  return D;
}

LoopStep afterRound(const SideSamples &A, const SideSamples &B, StopState &Now,
                    const StopGoal &Goal, const RunCosts &Costs,
                    const StatsOptions &Opts, std::string &Why) {
  LoopStep S;
  S.D = decideNext(A, B, Now, Goal, Costs, Opts, Why);
  // Without a judgement (compare() refused the runs, which complete rounds
  // do not give it cause to) nothing decides when to stop.
  if (!S.D || (!Goal.Sequential && Now.CompleteRounds >= Goal.Rounds)) {
    S.Stop = StopReason::Rounds;
    return S;
  }
  if (S.D->Look) {
    ++Now.Looks;
    Now.RunsAtLastLook = S.D->Runs;
    if (Goal.MaxSeconds > 0)
      Now.Boundary.record(S.D->TimeFraction, S.D->Confidence);
  }
  switch (S.D->Action) {
  case StopAction::Reached:
    S.Stop = StopReason::Resolved;
    break;
  case StopAction::OutOfLooks:
    S.Stop = StopReason::Looks;
    break;
  case StopAction::OutOfTime:
    S.Stop = StopReason::MaxTime;
    break;
  case StopAction::AddLayouts:
  case StopAction::AddRound:
    // Before the first look the plan is too rough to build layouts on or
    // to leave seeds out by.
    if (Goal.Sequential && Now.CompleteRounds >= Goal.Rounds) {
      S.NewLayouts = S.D->NewLayouts;
      S.RoundsEach = S.D->RoundsEach;
    }
    break;
  }
  return S;
}

} // namespace ab
} // namespace hotlayout
