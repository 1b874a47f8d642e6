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
//     --rounds-th round), at most MaxLooks of them, and the last when the
//     time or the looks run out. Each look's confidence comes from Lan and
//     DeMets' alpha spending (LookBoundary): by the fraction t of
//     --max-time spent, at most LookAlpha t^SpendingPower of the false
//     findings may have been spent, and the last look spends what is
//     left. Pocock's constant (every look alike, as before) spent 5 % over
//     10 looks however few the time allowed, and Lua under load gets 6 or
//     7: its last interval was 1.35 times the fixed 95 % one. Spending by
//     time leaves the early looks strict (a big difference still stops
//     them) and the last nearly a plain 95 % one: on one Lua A/A
//     recording under load, power for +5 % went from 48 to 70 % (B's layout
//     independent of A's) and 93 to 97 % (paired) at about the same
//     false positives (bench/ab/README.md).
//     A resolved verdict (slower, faster or same: not "not resolved") at a
//     look stops the runs. Without --max-time (only in tests and
//     simulations) the looks keep Pocock's constant, LookConfidence.
//     Without --ci-target there is one look, after --rounds rounds, at
//     95 %.
//  2. Split the variance of the per-seed log ratios (ABStats.h, step 1)
//     into run noise, which more rounds shrink, and what differs between
//     layout pairs, which only more layouts shrink: the noise of one
//     round's ratio is pooled from the seeds' bootstrap noise variances
//     (seeds with at least MinNoiseRounds rounds), and the between-layout
//     part is the seeds' variance minus that noise, counted only when the
//     seeds differ more than run noise alone would make them 19 times in
//     20 (a chi-square test on K - 1 degrees of freedom), else 0.
//  3. Project the half-width for L layouts per side that have each run at
//     least E rounds: the present half-width scaled by the square root of
//     the ratio of the projected variance of the mean seed to the present
//     one (a layout added now gets E rounds; an old one with R rounds
//     max(R, E)), and by the change of the t quantile (L - 1 degrees of
//     freedom instead of K - 1).
//  4. The plan to resolve a verdict that is not: the half-width that would
//     resolve it if the estimate stayed (the threshold less the estimate's
//     distance from 1 for `same`, that distance for a finding); for every
//     L from K to MaxLayouts, the fewest E that reach it (at least
//     --rounds with new layouts, which count only from there; else one
//     round more than the fewest a seed has); its cost (L - K) x the
//     seconds of one new layout pair + the runs that bring every seed to
//     E x the seconds of one run; the cheapest plan wins. The next round
//     runs only the seeds short of E: where layouts differ more than runs
//     do, a seed's median is known well long before the mean over seeds
//     is, and its runs buy more as new layouts (two-stage sampling's
//     allocation; on a Lua A/A recording a planted 5 % with B's layouts
//     independent of A's resolved in 160 s instead of 199, at the same
//     power and false findings, bench/ab/README.md). Layouts are added
//     when the cheapest plan has more than K (so when the spread between
//     layouts dominates), at most K/2 (and at least 1) at a time, since
//     early estimates are rough, and none while layouts added earlier have
//     yet to count (StopState); else a round. No plan within MaxLayouts
//     and MaxPlanRounds: add layouts while the between-layout part is the
//     larger, else rounds; every seed runs them.
//  5. Stop, out of time, when the next step (a round of every seed, or the
//     new layouts and such a round) would end past MaxSeconds.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ABSTOPPING_H
#define HOTLAYOUT_TOOL_ABSTOPPING_H

#include "hotlayout/Tool/AB/ABStats.h"

#include <optional>
#include <string>
#include <vector>

namespace hotlayout {
namespace ab {

/// Step 1's looks: the runs counted grow by this factor from one to the
/// next.
inline constexpr double LookGrowth = 1.5;
/// Step 1: the most looks; the last one stops the runs.
inline constexpr unsigned MaxLooks = 10;
/// Step 1 without a time limit: the confidence of the interval at each
/// look. With MaxLooks looks LookGrowth apart, P(max |Z_j| > 2.65) = 0.05
/// for a Gaussian mean (400 000 simulated Brownian paths); 2.65 is the
/// 1 - 0.008/2 normal quantile.
inline constexpr double LookConfidence = 1 - 0.008;
/// Step 1: the false findings the looks may spend in all (two-sided): 5 %
/// less a margin for what the boundaries assume and ab does not give them
/// (the time fraction standing for the information, normal boundaries read
/// on t intervals over few layouts, layouts added on what the runs showed).
/// Spending the full 5 % gave 6.7 % false findings on mimalloc's recording
/// with B's layout independent of A's (1000 simulated runs, --ci-target 2);
/// 3.5 % keeps that cell below 5 % (bench/ab/README.md).
inline constexpr double LookAlpha = 0.035;
/// Step 1: by the fraction t of --max-time, LookAlpha t^SpendingPower may
/// have been spent. 1 spends evenly (near Pocock), 3 is near O'Brien and
/// Fleming (nearly nothing early). Of 1, 2 and 3 on Lua under load, 2 gave
/// the most power for +5 % (70 % against 65 and 67, independent layouts,
/// 500 trials), with 1 at 3.4 % false positives, 2 at 5.0 and 3 at 6.0;
/// and a fast program still resolves in seconds.
inline constexpr double SpendingPower = 2;

/// Step 1's boundaries: the confidence of each look's interval such that,
/// for a mean that is really 1, the chance that some look's interval
/// leaves 1 is at most LookAlpha t^SpendingPower by time fraction t, and
/// LookAlpha by the last look. The estimate is taken as a Brownian motion
/// in the time fraction (the runs grow with the time), and the chance that
/// a path not yet stopped crosses the next boundary is integrated on a grid
/// (Armitage, McPherson and Rowe's recursion), as Lan and DeMets compute
/// their boundaries.
class LookBoundary {
public:
  /// The confidence of a look at time fraction \p T (clamped to (0, 1])
  /// after the looks recorded; \p Final: the last look, which spends all
  /// that is left.
  double confidence(double T, bool Final, double Power = SpendingPower) const;
  /// Records a look at \p T whose interval had \p Confidence.
  void record(double T, double Confidence);
  unsigned looks() const { return unsigned(Times.size()); }
  double spent() const { return Spent; }

private:
  /// The chance that a path not yet stopped is beyond +-\p B at the next
  /// look, \p Sigma the standard deviation of the step to it.
  double crossing(double B, double Sigma) const;
  std::vector<double> Times;
  /// Of the paths not yet stopped, on the grid (GridPoints over
  /// +-GridHalfWidth), at Times.back().
  std::vector<double> Density;
  double Spent = 0;
};

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
  /// Step 1's (only `hotlayout ab --simulate` sets another, to compare).
  double SpendingPower = ab::SpendingPower;
};

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
/// to \p Layouts per side once each has run at least \p Each rounds.
double projectHalfWidth(const VarianceSplit &V, double HalfWidth,
                        unsigned Layouts, unsigned Each);

/// A way to reach the target from here.
struct StopPlan {
  unsigned Layouts = 0;    ///< Per side, in all.
  unsigned MoreRounds = 0; ///< Rounds still to run.
  double Seconds = 0;      ///< What they cost at the measured rates.
  unsigned Each = 0;       ///< The rounds every layout will have run.
};

enum class StopAction { Reached, OutOfLooks, OutOfTime, AddRound, AddLayouts };

/// "reached", "out of looks", "out of time", "add a round" or "add layouts".
const char *stopActionName(StopAction A);

struct StopDecision {
  StopAction Action = StopAction::AddRound;
  unsigned NewLayouts = 0; ///< With AddLayouts: how many seeds to add.
  /// Seeds that have run this many rounds sit the next round out (the
  /// plan's StopPlan::Each); 0: every seed runs.
  unsigned RoundsEach = 0;
  Comparison Now;       ///< compare() of the runs so far.
  double HalfWidth = 0; ///< Now.Detectable.
  bool Look = false;    ///< This round is one of step 1's looks.
  double Runs = 0;      ///< Runs counted, per side.
  /// The confidence of Now's interval: at a look, step 1's; between
  /// looks, what a look now would have.
  double Confidence = 0.95;
  double TimeFraction = 0; ///< Of --max-time, when it was computed.
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
  LookBoundary Boundary;     ///< Step 1's looks so far and what they spent.
};

/// Steps 1-5 on the runs \p A, \p B in state \p Now (\p Opts' confidence
/// replaced by step 1's when Goal.Sequential). Fails (with \p Why)
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
  /// Seeds with this many rounds or more sit the next round out; 0: every
  /// seed runs (StopDecision::RoundsEach).
  unsigned RoundsEach = 0;
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
