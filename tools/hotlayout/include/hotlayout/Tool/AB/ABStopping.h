//===- ABStopping.h - When hotlayout ab knows enough ------------*- C++ -*-===//
//
// Plain C++ (no LLVM, no clock): after every round `hotlayout ab` asks what
// to do next, given the runs so far (ABStats.h's table: [layout][round] per
// side, layouts paired by seed), the seconds spent, and what a run and a
// new layout have cost so far. The caller measures time; this file only
// reads the numbers it is given, so its tests and `hotlayout ab --simulate`
// (ABSimulate.h) run the same rule on recorded or synthetic timings.
//
//  1. compare() the runs (ABStats.h): the interval, its half-width (the
//     larger side, as `detectable`) and the verdict against the noise
//     threshold. With --ci-target the runs stop on the interval, so it
//     must hold at every look, not only at one: looks come when the runs
//     counted have grown by LookGrowth since the last (the first at the
//     --rounds-th round), at most MaxLooks of them, and each uses the
//     interval at LookConfidence, Pocock's constant for that schedule (the
//     largest of MaxLooks z statistics at those information times exceeds
//     it 5 times in 100). At a look a resolved verdict (slower, faster or
//     same: not "not resolved") stops the runs; the last look stops them
//     either way. Without --ci-target there is one look, after --rounds
//     rounds, at 95 %.
//  2. Split the variance of the per-seed log ratios (ABStats.h, step 1)
//     into run noise, which more rounds shrink, and what differs between
//     layout pairs, which only more layouts shrink: the noise of one
//     round's ratio is pooled from the seeds' bootstrap noise variances
//     (seeds with at least MinNoiseRounds rounds), and the between-layout
//     part is the seeds' variance minus that noise, counted only when the
//     seeds differ more than run noise alone would make them 19 times in
//     20 (a chi-square test on K - 1 degrees of freedom), else 0.
//  3. Project the half-width for L layouts per side and D more rounds: the
//     present half-width scaled by the square root of the ratio of the
//     projected variance of the median seed to the present one (a layout
//     added now gets D rounds; old ones reach R + D), and by the change of
//     the t quantile (L - 1 degrees of freedom instead of K - 1).
//  4. The plan to resolve a verdict that is not: the half-width that would
//     resolve it if the estimate stayed (the threshold less the estimate's
//     distance from 1 for `same`, that distance for a finding); for every
//     L from K to MaxLayouts, the fewest D that reach it; its cost (L - K)
//     x the seconds of one new layout pair + D rounds x (2L + extra runs)
//     x the seconds of one run; the cheapest plan wins. Layouts are added
//     when the cheapest plan has more than K (so when the spread between
//     layouts dominates), at most K/2 (and at least 1) at a time, since
//     early estimates are rough, and none while layouts added earlier have
//     yet to count (StopState); else a round. No plan within MaxLayouts
//     and MaxPlanRounds: add layouts while the between-layout part is the
//     larger, else rounds.
//  5. Stop, out of time, when the next step (a round, or the new layouts
//     and a round) would end past MaxSeconds.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ABSTOPPING_H
#define HOTLAYOUT_TOOL_ABSTOPPING_H

#include "hotlayout/Tool/AB/ABStats.h"

#include <optional>
#include <string>

namespace hotlayout {
namespace ab {

/// What the user asked for.
struct StopGoal {
  /// Stop once the verdict is resolved, at the looks of step 1
  /// (--ci-target); false: run Rounds rounds (the rule then only watches
  /// the time).
  bool Sequential = false;
  /// Rounds to run, or with Sequential the rounds before the first look.
  unsigned Rounds = 10;
  double MaxSeconds = 0;    ///< For the whole comparison; 0: no limit.
  unsigned MaxLayouts = 32; ///< Per side.
};

/// Step 1's looks: the runs counted grow by this factor from one to the
/// next.
inline constexpr double LookGrowth = 1.5;
/// Step 1: the most looks; the last one stops the runs.
inline constexpr unsigned MaxLooks = 10;
/// Step 1: the confidence of the interval at each look. With MaxLooks looks
/// LookGrowth apart, P(max |Z_j| > 2.65) = 0.05 for a Gaussian mean
/// (400 000 simulated Brownian paths); 2.65 is the 1 - 0.008/2 normal
/// quantile. bench/ab/calibrate.sh measures the whole procedure.
inline constexpr double LookConfidence = 1 - 0.008;

/// The settings of compare() for a comparison that stops on its interval
/// (\p Sequential) or runs a fixed number of rounds.
StatsOptions statsOptions(bool Sequential, double Threshold, uint64_t Seed);

/// Step 4: the half-width (relative, as Comparison::Detectable) that would
/// resolve \p C's verdict if its estimate stayed; 0 when resolved.
double halfWidthToResolve(const Comparison &C);

/// What things have cost so far (measured by the caller).
struct RunCosts {
  double RunSeconds = 0; ///< One timed run, averaged over all so far.
  /// One more seed: its A and B layouts written and check-run.
  double LayoutSeconds = 0;
  unsigned ExtraRunsPerRound = 0; ///< Runs beside the layouts (--lock: 2).
};

/// Seeds with fewer rounds than this do not inform the run noise.
inline constexpr unsigned MinNoiseRounds = 3;

/// The longest plan considered, in rounds.
inline constexpr unsigned MaxPlanRounds = 100000;

/// Step 2.
struct VarianceSplit {
  double Between = 0;    ///< Between layout pairs, of one seed's log ratio.
  double RoundNoise = 0; ///< Of one round's log ratio (noise x rounds).
  std::vector<unsigned> Rounds; ///< Per seed.
};

VarianceSplit splitVariance(const std::vector<SeedEffect> &Seeds);

/// Step 3: the half-width \p HalfWidth (measured with V.Rounds) projected
/// to \p Layouts per side after \p MoreRounds rounds.
double projectHalfWidth(const VarianceSplit &V, double HalfWidth,
                        unsigned Layouts, unsigned MoreRounds);

/// A way to reach the target from here.
struct StopPlan {
  unsigned Layouts = 0;    ///< Per side, in all.
  unsigned MoreRounds = 0; ///< Rounds still to run.
  double Seconds = 0;      ///< What they cost at the measured rates.
};

enum class StopAction { Reached, OutOfLooks, OutOfTime, AddRound, AddLayouts };

/// "reached", "out of looks", "out of time", "add a round" or "add layouts".
const char *stopActionName(StopAction A);

struct StopDecision {
  StopAction Action = StopAction::AddRound;
  unsigned NewLayouts = 0; ///< With AddLayouts: how many seeds to add.
  Comparison Now;          ///< compare() of the runs so far.
  double HalfWidth = 0;    ///< Now.Detectable.
  bool Look = false;       ///< This round is one of step 1's looks.
  double Runs = 0;         ///< Runs counted, per side.
  VarianceSplit Split;
  /// The cheapest plan that resolves the verdict; none when it is
  /// resolved, or there is none.
  std::optional<StopPlan> ToTarget;
};

/// Where the comparison stands besides its runs.
struct StopState {
  double ElapsedSeconds = 0; ///< Since the comparison started.
  /// Seeds built and running that \p A and \p B do not hold yet: a layout
  /// added on the way counts once it has run as many rounds as the first
  /// ones had at the first check, so that no seed's median rests on one
  /// or two runs. The plan counts them as added; no more are added until
  /// they count.
  unsigned PendingLayouts = 0;
  unsigned CompleteRounds = 0;
  unsigned Looks = 0;        ///< Step 1's looks so far.
  double RunsAtLastLook = 0; ///< StopDecision::Runs at the last one.
};

/// Steps 1-5 on the runs \p A, \p B in state \p Now. Fails (with \p Why)
/// when compare() does.
std::optional<StopDecision>
decideNext(const SideSamples &A, const SideSamples &B, const StopState &Now,
           const StopGoal &Goal, const RunCosts &Costs,
           const StatsOptions &Opts, std::string &Why);

/// Why the rounds ended.
enum class StopReason { None, Rounds, Resolved, Looks, MaxTime };

/// What a comparison does after a complete round: decideNext(), read as
/// the loop of rounds reads it (AB.cpp's and ABSimulate.cpp's).
struct LoopStep {
  std::optional<StopDecision> D;      ///< Unset: compare() refused the runs.
  StopReason Stop = StopReason::None; ///< None: another round.
  unsigned NewLayouts = 0;            ///< Seeds to add before the next round.
};

/// Steps 1-5 after round Now.CompleteRounds; a look is recorded in
/// \p Now's Looks and RunsAtLastLook. Compare() refusing the runs (with
/// \p Why) stops them with reason Rounds.
LoopStep afterRound(const SideSamples &A, const SideSamples &B, StopState &Now,
                    const StopGoal &Goal, const RunCosts &Costs,
                    const StatsOptions &Opts, std::string &Why);

} // namespace ab
} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ABSTOPPING_H
