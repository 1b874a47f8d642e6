//===- AB/ABSimulate.h - ab's rule on recorded runs -------------*- C++ -*-===//
//
// `hotlayout ab --simulate FILE.json` (hidden; bench/ab/calibrate.sh runs
// it): how often the whole procedure of `hotlayout ab` (ABStopping.h's
// afterRound() after every round, ABStats.h's compare() at the end) says
// slower, faster, same or not resolved, on timings drawn from runs that
// `hotlayout ab --json` recorded on a real machine, with no difference or a
// planted one. One trial:
//
//  1. Every simulated seed draws a recorded seed i for its A layout and,
//     with IndependentLayouts, another recorded seed j for its B layout (a
//     change that moves the layout as much as a new seed does: the layout
//     spread is in the trial's between-seed variance), else j = i (A and B
//     laid out alike, as two links of the same code are).
//  2. Every round, every seed draws a recorded round r: A's time is A[i][r],
//     B's is B[j][r] x (1 + Effect); both ran in round r of the recording,
//     so what the machine did in that round they share. A coin per seed
//     swaps the recorded sides (A's from B[i][r], B's from A[j][r]): a
//     recording of A against itself whose B/A came out off 1 by chance
//     then still gives a world with no difference (else the trials would
//     measure that chance as an effect).
//  3. The clock: RunSeconds per run, LayoutSeconds per new seed (its A and
//     B layouts), as ab's stopping rule sees them; seeds added on the way
//     count once they have run Rounds rounds, as in ab.
//
// Trials are seeded (Seed + trial number): the same file and settings give
// the same counts everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ABSIMULATE_H
#define HOTLAYOUT_TOOL_ABSIMULATE_H

#include "hotlayout/Tool/AB/AB.h"
#include "hotlayout/Tool/AB/ABStats.h"
#include "hotlayout/Tool/AB/ABStopping.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace hotlayout {

/// Runs `hotlayout ab --json` recorded: per seed, A's and B's layout, each
/// round's runs (paired by index).
struct ABRecording {
  ab::SideSamples A, B;
  double MedianRun = 0; ///< Of every run, seconds.
};

/// The layouts of \p Path (ab's JSON) in \p Metric; an error naming the
/// file when it is not ab's JSON or holds fewer than 2 seeds or rounds.
llvm::Expected<ABRecording> readABRecording(llvm::StringRef Path,
                                            ABMetric Metric);

struct ABSimSettings {
  unsigned Trials = 1000;
  double Effect = 0; ///< Planted: B's runs x (1 + Effect).
  bool IndependentLayouts = true;
  unsigned Layouts = 8, Rounds = 10, MaxLayouts = 32;
  bool Sequential = false; ///< --ci-target.
  double Threshold = ab::DefaultThreshold;
  double MaxSeconds = 0;
  double RunSeconds = 0;    ///< 0: the recording's median run.
  double LayoutSeconds = 3; ///< One seed's A and B layouts built.
  /// ABStopping.h's StopGoal::SpendingPower, to compare others.
  double SpendingPower = ab::SpendingPower;
  /// StatsOptions::NoiseResamples: 50 (ab: 200) makes a trial 4x cheaper;
  /// only the plan's split of the variance reads it.
  unsigned NoiseResamples = 50;
  uint64_t Seed = 1;
};

/// What the trials said.
struct ABSimOutcome {
  unsigned Trials = 0, Slower = 0, Faster = 0, Same = 0, Unresolved = 0;
  double MeanRounds = 0, MeanLayouts = 0, MeanSeconds = 0;
};

/// Steps 1-3, Settings.Trials times, on \p Rec.
ABSimOutcome simulateAB(const ABRecording &Rec, const ABSimSettings &Settings);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ABSIMULATE_H
