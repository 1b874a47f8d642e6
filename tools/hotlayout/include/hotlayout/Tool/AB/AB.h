//===- hotlayout/Tool/AB/AB.h - A code change or layout noise? ------------===//
//
// runAB() compares binary B against binary A over K seeded layouts of each
// (LayoutVariants.h) and answers with a ratio, its confidence interval and a
// verdict (ABStats.h):
//
//  1. Check both binaries (.symtab, relocations); run each once as it is:
//     it must exit 0, and its stdout is what every layout of it must print.
//  2. Write K layouts of each with llvm-bolt, seeds S..S+K-1, the same
//     seeds for A and B; with a lock, also apply's runApply() of the lock
//     to A and to B (one layout each). Run every variant once, untimed: a
//     variant that exits otherwise or prints something else is an error,
//     never a data point.
//  3. Rounds; each runs every seed's pair (its A and B layouts, and the
//     locked pair; with --ci-target, after the first look, only the seeds
//     short of the plan's rounds, LoopStep::RoundsEach) in a fresh random
//     order, the two of a pair back to back
//     in a random order of their own, and records wall and user+sys time
//     (Process.h's runTimed), checking each run's output again.
//  4. After every round, ABStopping.h's afterRound() on the runs so far:
//     with --ci-target, at its looks (from the R-th round on), stop when
//     the verdict is resolved, or add layouts (step 2 for new seeds, which
//     join the next round) when the spread between layouts dominates, else
//     a round; without, R rounds. A round cut short by a signal is taken
//     back, so the two layouts of a seed keep the same rounds. Either way the
//     next step must end within
//     --max-time (counted from the start; at least one round runs).
//  5. Statistics over the complete rounds (ABStats.h), the layout tax of
//     each side, and the interval after every round (the history --plot
//     draws).
//
// Temporary files live in one TempDir under the system temp directory,
// removed on every return. SIGINT/SIGTERM/SIGHUP stop the run in progress;
// runAB() then returns what the complete rounds give, with Interrupted set.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ABCOMPARE_H
#define HOTLAYOUT_TOOL_ABCOMPARE_H

#include "hotlayout/Tool/AB/ABStats.h"
#include "hotlayout/Tool/AB/ABStopping.h"
#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// Which time the statistics use.
enum class ABMetric { Wall, CPU };

/// Everything `hotlayout ab` was asked.
struct ABConfig {
  std::string BinaryA, BinaryB;
  std::vector<std::string> Args; ///< After the binary (or the --run command).
  /// Shell command that runs a variant, {} standing for its path (needed
  /// for a shared object); empty: run the variant itself with Args.
  std::string RunCommand;
  unsigned Layouts = 8; ///< Per side; the first ones with --ci-target.
  /// Rounds; with a target, the rounds before it is first checked.
  unsigned Rounds = 10;
  /// In percent (2: +-2 %): run until the verdict is resolved at this
  /// threshold (unless Threshold says another), ABStopping.h's looks; 0:
  /// no target, Rounds rounds.
  double CITarget = 0;
  /// The noise threshold of the verdict, in percent; 0: CITarget, or
  /// without one ab::DefaultThreshold.
  double Threshold = 0;
  /// Seconds the whole comparison may take; 0: no limit.
  double MaxSeconds = 0;
  /// Per side, with a target: ab adds no layouts beyond this.
  unsigned MaxLayouts = 32;
  uint64_t Seed = 1;
  ABMetric Metric = ABMetric::Wall;
  bool CheckOutput = true;
  std::string LockPath; ///< With --lock: the lock to apply to both.
  std::string BoltDir;  ///< Empty: the build's LLVM.
  /// Each llvm-bolt run is stopped after this many seconds (0: no limit).
  unsigned BoltTimeout = DefaultBoltTimeoutSeconds;
  /// Non-empty: copy every variant here as <dir>/<name> (a1, b-lock, ...)
  /// before the runs, to inspect them.
  std::string KeepDir;

  /// The noise threshold in effect, relative (0.01 for 1 %).
  double threshold() const;
};

/// One variant and its runs, one per complete round.
struct ABVariant {
  char Side = 'A';     ///< 'A' or 'B'.
  bool Locked = false; ///< The --lock variant of its side.
  uint64_t Seed = 0;   ///< Layout seed (0 for the locked variant).
  unsigned EnvPadBytes = 0;
  unsigned FirstRound = 0; ///< The round it joined (0: from the start).
  std::vector<double> Wall, CPU;

  /// "a3", "b1", "a-lock".
  std::string name() const;
};

/// Why the rounds ended.
enum class ABStop { Rounds, Target, Looks, MaxTime, Signal };

/// The interval after one complete round.
struct ABStep {
  unsigned Rounds = 0, Layouts = 0; ///< Complete rounds; layouts per side.
  double Seconds = 0;               ///< Since the start.
  double Ratio = 0, CILow = 0, CIHigh = 0;
};

/// What runAB() measured and concluded.
struct ABResult {
  ABConfig Config;
  /// A's layouts by seed, A's locked variant, then B's: a1, a2, ...,
  /// a-lock, b1, ..., b-lock.
  std::vector<ABVariant> Variants;
  unsigned CompleteRounds = 0;
  unsigned LayoutsUsed = 0; ///< Per side, in the statistics.
  /// Per side, added on the way and not yet run --rounds rounds: listed with
  /// their runs, not counted.
  unsigned LayoutsPending = 0;
  double Seconds = 0; ///< The whole comparison took.
  ABStop Stop = ABStop::Rounds;
  /// The last decision's plan to resolve the verdict (unset when it is
  /// resolved or out of reach).
  std::optional<ab::StopPlan> ToTarget;
  std::vector<ABStep> History;
  /// The confidence of the reported interval: 0.95 for a fixed plan; with
  /// --ci-target, the last look's (ABStopping.h, step 1).
  double Confidence = 0.95;
  /// How much layout alone moves each side (unset, with TaxWhy, when too
  /// few layouts or rounds).
  std::optional<ab::LayoutTax> TaxA, TaxB;
  std::string TaxWhy;
  /// Over the layouts; unset (with Why) when too little was measured.
  std::optional<ab::Comparison> Layouts;
  std::optional<ab::Comparison> Lock;     ///< The locked pair, with --lock.
  std::string LockSummaryA, LockSummaryB; ///< apply's last line.
  std::string Why;
  int InterruptSignal = 0; ///< Non-zero: stopped early by this signal.
  std::string Machine;     ///< CPU model and count.
  double LoadStart = 0, LoadEnd = 0; ///< 1-minute load average.
};

/// Runs the comparison \p Config describes (see the file comment), with a
/// progress line per layout and per round to \p Diag. Errors name the file
/// and what to do; an interrupted run is not an error.
llvm::Expected<ABResult> runAB(const ABConfig &Config,
                               const Diagnostics &Diag = {});

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ABCOMPARE_H
