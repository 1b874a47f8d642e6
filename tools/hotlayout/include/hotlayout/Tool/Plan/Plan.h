//===- hotlayout/Tool/Plan/Plan.h - Locking hot functions' offsets --------===//
//
// `hotlayout plan`: choose the hot functions of a binary and a cache-aware
// order, and give each a fixed, line-aligned offset in the hot text with
// slack to grow into (LayoutPlan.h); with an update, functions of the old
// lock keep their offsets where they still fit. The result is written as a
// layout lock (LayoutLock.h) that `hotlayout apply` puts in place.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PLAN_H
#define HOTLAYOUT_TOOL_PLAN_H

#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Tool/Lock/LayoutLock.h"
#include "hotlayout/Tool/Lock/LayoutPlan.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hotlayout {

struct PlanConfig {
  std::string BinaryPath;
  std::string ProfilePath; ///< BOLT .fdata of the binary.
  std::string OutputPath;  ///< The lock to write.
  std::string UpdatePath;  ///< The previous lock; empty: a fresh plan.
  unsigned LineSize =
      DefaultLineSize; ///< Ignored with an update: the old lock's holds.
  unsigned SlackPercent = 6;
  /// A function is hot from this count on (one with a hot loop always is):
  /// a count of the function, where every other MinCount counts a loop.
  uint64_t MinFunctionCount = DefaultMinCount;
  unsigned MaxFunctions = 0; ///< Lock at most this many; 0: every hot one.
};

struct PlanResult {
  LayoutLock Lock;
  std::string OutputPath;
  std::string UpdatePath;
  std::optional<PlanUpdate> Update; ///< Set with an update.
  /// Hot functions left out of the lock because llvm-bolt would not
  /// rewrite them, with the offset their code refers to inside an
  /// instruction (referenceIntoInstruction).
  std::vector<std::pair<std::string, uint64_t>> LeftInPlace;
};

/// Plans (or updates) the lock and writes it to Config.OutputPath
/// atomically. A lock planned for a binary of another file name is a
/// warning to \p Diag.
llvm::Expected<PlanResult> runPlan(const PlanConfig &Config,
                                   const Diagnostics &Diag = {});

/// The summary: what was planned, and with an update what was kept, moved,
/// added and removed.
void printPlanReport(const PlanResult &R, llvm::raw_ostream &OS);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PLAN_H
